"""How the CLI writes findings: one line per finding (text) or one JSON list (json).

Both use 1-based lines and columns, as editors, ruff and SARIF count (Finding.to_json does the
shift for JSON; the text format uses the same numbers so the two never disagree).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from tfgraph_lint.findings import Finding

FORMATS = ("text", "json")


def text_lines(finding: Finding, why: bool = False) -> list[str]:
    """``path:line:col: CODE symbol message``, plus the why-traced chain when asked for."""
    shown = finding.to_json()
    # One finding, one line: an exception text inside an internal-error message may hold newlines.
    message = " ".join(finding.message.split())
    lines = [f"{shown['path']}:{shown['line']}:{shown['column']}: {finding.code} {finding.symbol} {message}"]
    if why:
        lines.extend(f"    because {step}" for step in finding.traced_because)
    return lines


def json_document(findings: Iterable[Finding]) -> str:
    return json.dumps([finding.to_json() for finding in findings], indent=2)


@dataclass
class RunTotals:
    files_checked: int = 0
    findings: int = 0
    files_with_findings: int = 0
    files_not_analysed: int = 0  # files with a TFG0xx diagnostic
    path_problems: int = 0  # missing paths, unreadable folders

    def add_file(self, findings: list[Finding]) -> None:
        self.files_checked += 1
        self.findings += len(findings)
        self.files_with_findings += bool(findings)
        self.files_not_analysed += any(not f.rule.is_hazard for f in findings)


def summary_line(totals: RunTotals) -> str:
    """``Found N findings in K files (M files checked)`` or ``All checks passed (M files)``."""
    checked = _count(totals.files_checked, "file")
    if totals.findings:
        line = (f"Found {_count(totals.findings, 'finding')} in "
                f"{_count(totals.files_with_findings, 'file')} ({checked} checked)")
    elif totals.path_problems:
        line = f"No findings in {checked}"  # not "passed": some paths were never looked at
    else:
        line = f"All checks passed ({checked})"
    if totals.files_not_analysed:
        line += f"; {_count(totals.files_not_analysed, 'file')} could not be analysed"
    if totals.path_problems:
        line += f"; {_count(totals.path_problems, 'path')} could not be read"
    return line


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
