"""``--output-format`` json-lines, pylint and junit (text, json, sarif and github live in their own
modules).

- ``json-lines``: one finding's JSON object (the same keys as ``--output-format json``) per line,
  streamed as files finish, for tools that read a line at a time;
- ``pylint``: ``path:line: [CODE(symbol), ] message``, Pylint's parseable layout, which editors
  and CI log parsers already read;
- ``junit``: a JUnit XML report, one ``testsuite`` per file with findings and one failed
  ``testcase`` per finding (what CI systems show as test results).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable

from tfgraph_lint.core.findings import Finding


def json_line(finding) -> str:
    """One finding (or a file-ignored note) as one line of JSON."""
    return json.dumps(finding.to_json())


def pylint_line(finding: Finding) -> str:
    shown = finding.to_json()
    cell = f"cell {finding.cell}:" if finding.cell is not None else ""
    message = " ".join(finding.message.split())
    return f"{shown['path']}:{cell}{shown['line']}: [{finding.code}({finding.symbol}), ] {message}"


def junit_document(findings: Iterable[Finding], files_checked: int) -> str:
    """The JUnit XML report of a run; a run without findings is one passing test case."""
    from xml.etree import ElementTree  # only for this format

    by_path: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_path[finding.path].append(finding)
    total = sum(len(found) for found in by_path.values())
    root = ElementTree.Element("testsuites", name="tfgraph-lint", tests=str(max(total, 1)), failures=str(total))
    if not by_path:
        suite = ElementTree.SubElement(root, "testsuite", name="tfgraph-lint", tests="1", failures="0")
        ElementTree.SubElement(suite, "testcase", name=f"{files_checked} files checked", classname="tfgraph-lint")
    for path, found in by_path.items():
        suite = ElementTree.SubElement(root, "testsuite", name=path, tests=str(len(found)), failures=str(len(found)))
        for finding in found:
            shown = finding.to_json()
            where = f"line {shown['line']}, column {shown['column']}"
            if finding.cell is not None:
                where = f"cell {finding.cell}, {where}"
            case = ElementTree.SubElement(suite, "testcase", name=f"{finding.code} {finding.symbol}",
                                          classname=path, line=str(shown["line"]), file=path)
            failure = ElementTree.SubElement(case, "failure", message=finding.message,
                                             type=finding.rule.severity)
            failure.text = f"{where}: {finding.code} {finding.symbol}: {finding.message}"
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode")
