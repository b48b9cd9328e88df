"""How the CLI writes findings: one line per finding (concise; full adds the flagged source line),
one JSON list (json), SARIF (sarif.py), GitHub Actions annotations (github_format.py), or
json-lines, pylint and junit (line_formats.py).

All use 1-based lines and columns, as editors, ruff and SARIF count (Finding.to_json does the
shift for JSON; the text format uses the same numbers so the two never disagree).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable
from typing import TextIO

import click

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import rule_by_code

FORMATS = ("concise", "full", "json", "json-lines", "sarif", "github", "pylint", "junit")
# Older names still accepted: "text" is concise.
FORMAT_ALIASES = {"text": "concise"}
_SEVERITY_COLOR = {"error": "red", "warning": "yellow", "refactor": "cyan"}


def text_lines(finding: Finding, why: bool = False, *, source: str | None = None,
               color: bool = False) -> list[str]:
    """``path:line:col: CODE symbol message`` (``path:cell N:line:col:`` in a notebook), plus the
    why-traced chain and the rule's page when asked for, and the
    flagged line with carets under the flagged code when its ``source`` line is given."""
    shown = finding.to_json()
    # One finding, one line: an exception text inside an internal-error message may hold newlines.
    message = " ".join(finding.message.split())
    # In a notebook the line counts within the code cell, as ruff writes it: path:cell 3:2:5:
    cell = f"cell {finding.cell}:" if finding.cell is not None else ""
    where = f"{shown['path']}:{cell}{shown['line']}:{shown['column']}:"
    code = finding.code
    if color:
        where = click.style(where, bold=True)
        code = click.style(code, fg=_SEVERITY_COLOR[finding.rule.severity], bold=True)
    lines = [f"{where} {code} {finding.symbol} {message}"]
    if why:
        from tfgraph_lint.core.docs import rule_docs_link  # --why only: the docs need the package metadata

        lines.extend(f"    because {step}" for step in finding.traced_because)
        lines.append(f"    see {rule_docs_link(finding.rule)}")
    if source is not None:
        lines.extend(source_excerpt(finding, source, color))
    return lines


def source_excerpt(finding: Finding, line_text: str, color: bool = False) -> list[str]:
    """The flagged line and a caret line under the flagged code (to the end of the line when the
    flagged code goes on to later lines). ``line_text`` is the source line; columns in findings
    count UTF-8 bytes, so the caret is placed by the characters those bytes make up."""
    if not line_text.strip():
        return []
    encoded = line_text.encode("utf-8")
    start = len(encoded[:finding.column].decode("utf-8", errors="ignore"))
    if finding.end_line == finding.line and finding.end_column > finding.column:
        end = len(encoded[:finding.end_column].decode("utf-8", errors="ignore"))
    else:
        end = len(line_text.rstrip())
    end = max(end, start + 1)
    # Keep tabs, so the caret lines up under the same characters on any tab width.
    padding = "".join(ch if ch == "\t" else " " for ch in line_text[:start])
    marker = "^" + "~" * (end - start - 1)
    if color:
        marker = click.style(marker, fg=_SEVERITY_COLOR[finding.rule.severity], bold=True)
    gutter = str(finding.line - finding.cell_offset)
    return [f"  {gutter} | {line_text.rstrip()}", f"  {' ' * len(gutter)} | {padding}{marker}"]


def is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


COLOR_MODES = ("auto", "always", "never")


def use_color(stream: TextIO, environ: dict[str, str] | None = None, mode: str = "auto") -> bool:
    """``--color=always|never`` decides; ``auto``: never when NO_COLOR is set (no-color.org), always
    when FORCE_COLOR is (force-color.org), else only on a terminal. Empty values count as unset."""
    if mode != "auto":
        return mode == "always"
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    return bool(environ.get("FORCE_COLOR")) or is_terminal(stream)


def statistics_lines(counts: Counter[str]) -> list[str]:
    """``count  CODE  symbol`` per rule that reported, most frequent first (ruff's layout)."""
    width = max((len(str(n)) for n in counts.values()), default=1)
    return [f"{n:>{width}}  {code}  {rule_by_code(code).symbol}" for code, n in _by_frequency(counts)]


def statistics_json(counts: Counter[str]) -> str:
    return json.dumps([{"code": code, "symbol": rule_by_code(code).symbol, "count": n}
                       for code, n in _by_frequency(counts)], indent=2)


def _by_frequency(counts: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


class Progress:
    """``[k/N] path`` on one rewritten stderr line, for long runs on a terminal only.

    It shows after the run has taken a second (short runs never flicker) and is cleared before
    anything else is written, so it never mixes with findings or ends up in a log.
    """

    DELAY_S = 1.0
    INTERVAL_S = 0.1

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.enabled = is_terminal(self.stream) if enabled is None else enabled
        self._started = time.monotonic()
        self._last = 0.0
        self._shown = False

    def update(self, done: int, path: str) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._started < self.DELAY_S or now - self._last < self.INTERVAL_S:
            return
        self._last = now
        text = f"[{done}/{self.total}] {path}"
        self.stream.write("\r\x1b[K" + text[:100])
        self.stream.flush()
        self._shown = True

    def clear(self) -> None:
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False


class FileIgnored(Record):
    """A file a pragma skips whole (``# pylint: skip-file``, ``disable=all``): not a finding, a note,
    as Pylint's I0013 ``file-ignored``, so a skipped file never passes for a clean one."""
    __slots__ = ("path", "line", "pragma", "cell")

    path: str
    line: int
    pragma: str
    cell: int | None  # in a notebook: the code cell, and ``line`` counts within it

    def __init__(self, path: str, line: int, pragma: str, cell: int | None = None) -> None:
        self.path = path
        self.line = line
        self.pragma = pragma
        self.cell = cell

    code = "I0013"
    symbol = "file-ignored"

    @property
    def message(self) -> str:
        where = f"in cell {self.cell}, line {self.line}" if self.cell is not None else f"on line {self.line}"
        return f"Ignoring entire file: {self.pragma!r} {where}"

    def to_json(self) -> dict:
        """The keys of a finding's JSON object, so readers of the list need no special case."""
        return {"path": self.path, "line": self.line, "column": 1, "end_line": self.line, "end_column": 1,
                "code": self.code, "symbol": self.symbol, "message": self.message,
                "confidence": "HIGH", "severity": "info", "traced_because": [], "cell": self.cell}

    def text_line(self, color: bool = False) -> str:
        where = f"{self.path}:{f'cell {self.cell}:' if self.cell is not None else ''}{self.line}:1:"
        code = self.code
        if color:
            where, code = click.style(where, bold=True), click.style(code, fg="blue", bold=True)
        return f"{where} {code} {self.symbol} {self.message}"


def json_document(findings: Iterable[Finding | FileIgnored]) -> str:
    """The findings' JSON objects, and files skipped whole (severity ``info``) in their place."""
    return json.dumps([finding.to_json() for finding in findings], indent=2)


class RunTotals(Record):
    __slots__ = ("files_checked", "findings", "files_with_findings", "files_not_analysed",
                 "path_problems", "files_ignored", "by_code")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable
    files_checked: int
    findings: int
    files_with_findings: int
    files_not_analysed: int  # files with a TFG0xx diagnostic (not counted among findings)
    path_problems: int  # missing paths, unreadable folders
    files_ignored: int  # skipped whole by a pragma (not findings; the exit code ignores them)
    by_code: Counter[str]  # reported findings per rule

    def __init__(self, files_checked: int = 0, findings: int = 0, files_with_findings: int = 0,
                 files_not_analysed: int = 0, path_problems: int = 0, files_ignored: int = 0,
                 by_code: Counter[str] | None = None) -> None:
        self.files_checked = files_checked
        self.findings = findings
        self.files_with_findings = files_with_findings
        self.files_not_analysed = files_not_analysed
        self.path_problems = path_problems
        self.files_ignored = files_ignored
        self.by_code = Counter() if by_code is None else by_code

    def add_file(self, findings: list[Finding]) -> None:
        # A run diagnostic (a syntax error, an internal error) is an error of the run, not a
        # finding: it counts among the files not analysed, and makes the run exit 2.
        hazards = sum(f.rule.is_hazard for f in findings)
        self.files_checked += 1
        self.findings += hazards
        self.files_with_findings += bool(hazards)
        self.files_not_analysed += hazards < len(findings)
        self.by_code.update(f.code for f in findings)


def summary_line(totals: RunTotals) -> str:
    """``Found N findings in K files (M files checked)`` or ``All checks passed (M files)``."""
    checked = _count(totals.files_checked, "file")
    if totals.findings:
        line = (f"Found {_count(totals.findings, 'finding')} in "
                f"{_count(totals.files_with_findings, 'file')} ({checked} checked)")
    elif totals.path_problems or totals.files_ignored or totals.files_not_analysed:
        line = f"No findings in {checked}"  # not "passed": some paths or files were never looked at
    else:
        line = f"All checks passed ({checked})"
    if totals.files_not_analysed:
        line += f"; {_count(totals.files_not_analysed, 'file')} could not be analysed"
    if totals.path_problems:
        line += f"; {_count(totals.path_problems, 'path')} could not be read"
    if totals.files_ignored:
        line += f"; {_count(totals.files_ignored, 'file')} ignored entirely by a pragma"
    return line


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
