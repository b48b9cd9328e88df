"""Baselines: adopt tfgraph-lint on legacy code by hiding the findings it already has.

``--write-baseline --baseline FILE`` records the current findings; ``--baseline FILE`` then
reports only findings that are not in it. A finding is recorded by a fingerprint, not by its line
number, so edits elsewhere in the file that move it up or down do not bring it back:

    sha256(code, path relative to the baseline file, the flagged line's text with whitespace
           collapsed, how many findings with the same code and text came before it in the file)

Re-indenting the line keeps the fingerprint; changing the flagged line's code, renaming the file
or adding a second identical finding above it reports it (or the new one) as new. The baseline
is a multiset: each recorded fingerprint hides one finding. Run diagnostics (TFG0xx) are never
recorded or hidden: a file that could not be analysed must not pass silently.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.source_lines import SourceLines

FORMAT_VERSION = 1
TOOL = "tfgraph-lint"


class BaselineError(Exception):
    """A baseline file that cannot be read or written; the message says why."""


def fingerprints(findings: Iterable[Finding], lines: SourceLines, root: Path | None = None) -> list[str]:
    """One fingerprint per finding, in order; paths are taken relative to ``root`` (default: cwd)."""
    root = (root or Path.cwd()).resolve()
    seen: Counter[tuple] = Counter()
    result = []
    for finding in findings:
        text = " ".join(lines.line(finding.path, finding.line).split())
        key = (finding.code, relative_path(finding.path, root), text)
        result.append(_digest(*key, str(seen[key])))
        seen[key] += 1
    return result


def relative_path(path: str, root: Path) -> str:
    absolute = os.path.abspath(path)
    try:
        return Path(os.path.relpath(absolute, root)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(absolute).as_posix()


def _digest(*parts: str) -> str:
    import hashlib  # only for a run with a baseline

    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:32]


class Baseline:
    """The fingerprints recorded in one baseline file."""

    def __init__(self, path: Path, recorded: Counter[str] | None = None) -> None:
        self.path = path
        self.root = path.resolve().parent
        self._remaining: Counter[str] = Counter(recorded or {})
        self.hidden = 0

    @classmethod
    def load(cls, path: str) -> Baseline:
        file = Path(path)
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BaselineError(f"{path}: baseline file not found (create it with --write-baseline)") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise BaselineError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
        except json.JSONDecodeError as exc:
            raise BaselineError(f"{path}: not a tfgraph-lint baseline (invalid JSON: {exc})") from None
        entries = document.get("findings") if isinstance(document, dict) else None
        if (not isinstance(entries, list) or document.get("tool") != TOOL
                or not all(isinstance(e, dict) and isinstance(e.get("fingerprint"), str) for e in entries)):
            raise BaselineError(f"{path}: not a tfgraph-lint baseline (write one with --write-baseline)")
        if document.get("version") != FORMAT_VERSION:
            raise BaselineError(f"{path}: baseline format version {document.get('version')!r} is not "
                                f"{FORMAT_VERSION}; write it again with --write-baseline")
        return cls(file, Counter(entry["fingerprint"] for entry in entries))

    def new_findings(self, findings: list[Finding], lines: SourceLines) -> list[Finding]:
        """The findings of one file that the baseline does not hold (each entry hides one)."""
        kept = []
        for finding, fingerprint in zip(findings, fingerprints(findings, lines, self.root)):
            if finding.rule.is_hazard and self._remaining[fingerprint] > 0:
                self._remaining[fingerprint] -= 1
                self.hidden += 1
            else:
                kept.append(finding)
        return kept


def write(path: str, findings: list[Finding], lines: SourceLines) -> int:
    """Record ``findings`` (all files of the run) in ``path``; returns how many were recorded."""
    root = Path(path).resolve().parent
    recorded = []
    by_file: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.rule.is_hazard:
            by_file.setdefault(finding.path, []).append(finding)
    for file_findings in by_file.values():
        file_findings.sort(key=lambda f: f.sort_key)
        for finding, fingerprint in zip(file_findings, fingerprints(file_findings, lines, root)):
            recorded.append({
                "fingerprint": fingerprint,
                "path": relative_path(finding.path, root),
                "line": finding.line,  # for people reading the file; matching ignores it
                "code": finding.code,
                "symbol": finding.symbol,
                "message": finding.message,
            })
    recorded.sort(key=lambda entry: (entry["path"], entry["line"], entry["code"], entry["fingerprint"]))
    document = {"tool": TOOL, "version": FORMAT_VERSION, "findings": recorded}
    try:
        Path(path).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise BaselineError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return len(recorded)
