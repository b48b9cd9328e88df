"""``--format sarif``: one SARIF 2.1.0 log, as GitHub code scanning and other SARIF viewers read it.

- Each rule is described once (``tool.driver.rules``): id = code, name = symbol, the summary as
  short description, the README's "What it does" as full description, the README with its
  examples as help, and a help URI to the rule's page (``core/docs.rule_docs_link``: on the
  published site when the package metadata names one, else ``docs/rules/TFG101.md`` in the
  repository; never a local file, which code scanning cannot open).
- Each finding is a result with its region (1-based lines and columns; columns count Unicode
  characters, ``columnKind`` says so) and a ``partialFingerprints`` entry: the baseline
  fingerprint, which does not change when unrelated edits move the finding to another line.
- Paths inside the current directory are relative URIs under ``%SRCROOT%`` (the directory the
  run started in, normally the repository root, as code scanning expects); others are absolute.
- Paths that could not be read are tool notifications of the run's invocation.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

import tfgraph_lint
from tfgraph_lint.core import docs
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.fixtures_dir import fixture_dir
from tfgraph_lint.core.registry import RULES, Rule
from tfgraph_lint.core.source_lines import SourceLines
from tfgraph_lint.output.baseline import fingerprints

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "tfgraphLint/v1"
_LEVEL = {"error": "error", "warning": "warning", "refactor": "note"}
_PROBLEM_SEVERITY = {"error": "error", "warning": "warning", "refactor": "recommendation"}
_TAGS = {"0": "tool", "1": "correctness", "2": "correctness", "3": "performance"}


def sarif_document(findings: list[Finding], lines: SourceLines, problems: list[str] = (),
                   root: Path | None = None, notes: list = (), hidden=None) -> str:
    """``notes``: files a pragma skips whole (reporters.FileIgnored), as notifications of level note;
    ``hidden``: what the defaults left out (core/hidden_findings.HiddenCounts), in the run's properties."""
    root = (root or Path.cwd()).resolve()
    index = {rule.code: i for i, rule in enumerate(RULES)}
    results = []
    for path_findings in _by_file(findings):
        for finding, fingerprint in zip(path_findings, fingerprints(path_findings, lines, root)):
            results.append(_result(finding, fingerprint, index[finding.code], lines, root))
    failed = bool(problems) or any(not f.rule.is_hazard for f in findings)
    run = {
        "tool": {"driver": {
            "name": "tfgraph-lint",
            "version": tfgraph_lint.__version__,
            "semanticVersion": tfgraph_lint.__version__,
            "rules": [_rule_descriptor(rule) for rule in RULES],
        }},
        "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{
            "executionSuccessful": not failed,
            "toolExecutionNotifications": [
                {"level": "error", "message": {"text": problem}} for problem in problems
            ] + [
                {"level": "note", "descriptor": {"id": note.code},
                 "message": {"text": f"{note.path}: {note.message}"},
                 "locations": [{"physicalLocation": {"artifactLocation": artifact_location(note.path, root),
                                                     "region": {"startLine": note.line}}}]}
                for note in notes
            ],
        }],
        "results": results,
    }
    if hidden is not None and hidden.total:
        run["properties"] = hidden.sarif_properties()
    return json.dumps({"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}, indent=2)


def _by_file(findings: list[Finding]) -> list[list[Finding]]:
    grouped: dict[str, list[Finding]] = {}
    for finding in findings:
        grouped.setdefault(finding.path, []).append(finding)
    return [sorted(group, key=lambda f: f.sort_key) for group in grouped.values()]


def _result(finding: Finding, fingerprint: str, rule_index: int, lines: SourceLines, root: Path) -> dict:
    result = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": _LEVEL[finding.rule.severity],
        "message": {"text": _message(finding)},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact_location(finding.path, root),
            "region": _region(finding, lines),
        }}],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
        "properties": {"symbol": finding.symbol, "confidence": finding.confidence},
    }
    if finding.cell is not None:
        result["properties"].update(cell=finding.cell, lineInCell=finding.line - finding.cell_offset)
    if finding.traced_because:
        result["properties"]["tracedBecause"] = list(finding.traced_because)
    return result


def artifact_location(path: str, root: Path) -> dict:
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix()), "uriBaseId": SRCROOT}


def _message(finding: Finding) -> str:
    if finding.cell is None:
        return finding.message
    return f"cell {finding.cell}, line {finding.line - finding.cell_offset}: {finding.message}"


def _region(finding: Finding, lines: SourceLines) -> dict:
    if finding.cell is not None:
        # A notebook: GitHub shows the .ipynb file's own lines, so the region is the line of the
        # JSON file that holds the flagged source line (no columns: they would count JSON text);
        # the message and properties say the cell and the line in it.
        return {"startLine": finding.file_line or 1}
    region = {"startLine": finding.line}
    empty = (finding.end_line, finding.end_column) <= (finding.line, finding.column)
    if not empty:
        start = lines.character_column(finding.path, finding.line, finding.column)
        end = lines.character_column(finding.path, finding.end_line, finding.end_column)
        region.update(startColumn=start + 1, endLine=finding.end_line, endColumn=end + 1)
    return region


@lru_cache(maxsize=None)
def _rule_descriptor(rule: Rule) -> dict:
    level = _LEVEL[rule.severity]
    help_markdown = docs.explain_text(rule)
    descriptor = {
        "id": rule.code,
        "name": rule.symbol,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": _what_it_does(rule) or rule.summary},
        "help": {"text": help_markdown, "markdown": help_markdown},
        "defaultConfiguration": {"level": level},
        "properties": {
            "tags": ["tensorflow", _TAGS[rule.family]],
            "precision": "high",
            "problem.severity": _PROBLEM_SEVERITY[rule.severity],
            "pylintMessageId": rule.msgid,
        },
    }
    descriptor["helpUri"] = docs.rule_docs_link(rule)
    return descriptor


def _what_it_does(rule: Rule) -> str:
    """The README's "What it does" section, as one paragraph of text."""
    try:
        readme = (fixture_dir(rule) / "README.md").read_text(encoding="utf-8")
    except OSError:
        return ""
    section = readme.partition("## What it does")[2].partition("\n## ")[0]
    return " ".join(section.split())
