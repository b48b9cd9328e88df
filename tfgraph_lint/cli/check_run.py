"""What ``tfgraph-lint check`` does with each file's findings once the engine has them.

In order, per file: warn about pragmas naming tfgraph symbols that do not exist, fix (``--fix``:
rewrite and lint again; ``--diff``: show the rewrite), apply the file's decision
(``core/reporting_decision``: per-file-ignores and the ``--baseline``), accept what is left
(``--add-noqa``: a pragma on each flagged line), then write the findings in the chosen format:
text, json-lines, pylint and GitHub annotations stream file by file; JSON, SARIF, JUnit,
statistics and a written baseline come at the end. A file a pragma skips whole is counted, and
shown as an I0013 note only with ``--info`` (as Pylint's informational messages are off by
default). Nothing here knows how files are found or linted (check_flow.py does that).
"""

from __future__ import annotations

import io
import os
import tokenize
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import click

from tfgraph_lint.core import notebooks, pragmas
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.reporting_decision import FileDecision
from tfgraph_lint.core.source import UnreadableSource, read_source
from tfgraph_lint.core.source_lines import SourceLines
from tfgraph_lint.output import baseline as baselines
from tfgraph_lint.output import reporters

PROG = "tfgraph-lint"


class OutputOptions(Record):
    __slots__ = ("output_format", "why", "show_source", "statistics", "quiet", "fix", "diff", "baseline",
                 "write_baseline", "color", "progress", "stdin", "add_noqa", "show_info")
    output_format: str
    why: bool
    show_source: bool
    statistics: bool
    quiet: bool
    fix: bool
    diff: bool
    baseline: str | None
    write_baseline: bool
    color: bool  # text output to a terminal, without NO_COLOR (or --color=always)
    progress: bool  # stderr is a terminal
    stdin: bool  # the one file is read from standard input
    add_noqa: bool  # write a pragma on each flagged line instead of reporting it
    show_info: bool  # also report informational notes (I0013 file-ignored)

    def __init__(self, output_format: str = "text", why: bool = False, show_source: bool = False,
                 statistics: bool = False, quiet: bool = False, fix: bool = False, diff: bool = False,
                 baseline: str | None = None, write_baseline: bool = False, color: bool = False,
                 progress: bool = False, stdin: bool = False, add_noqa: bool = False,
                 show_info: bool = False) -> None:
        self.output_format = output_format
        self.why = why
        self.show_source = show_source
        self.statistics = statistics
        self.quiet = quiet
        self.fix = fix
        self.diff = diff
        self.baseline = baseline
        self.write_baseline = write_baseline
        self.color = color
        self.progress = progress
        self.stdin = stdin
        self.add_noqa = add_noqa
        self.show_info = show_info

    def usage_problem(self) -> str | None:
        """Why these options cannot go together, or None."""
        if self.write_baseline and not self.baseline:
            return "--write-baseline needs --baseline FILE (the file to write)"
        if self.write_baseline and (self.fix or self.diff):
            return "--write-baseline records findings as they are; it cannot be combined with --fix or --diff"
        if self.statistics and self.output_format not in ("text", "json"):
            return "--statistics works with --output-format concise, full or json"
        if self.stdin and (self.fix or self.add_noqa):
            return ("--fix and --add-noqa rewrite files; with standard input, use --diff to see the fixes")
        if self.add_noqa and (self.fix or self.diff or self.write_baseline):
            return "--add-noqa cannot be combined with --fix, --diff or --write-baseline"
        return None


class CheckRun:
    """One ``check`` run's output. Raises :class:`baselines.BaselineError` for a bad baseline."""

    def __init__(self, options: OutputOptions, decide: Callable[[str], FileDecision],
                 lint: Callable[[str], list[Finding]], totals: reporters.RunTotals,
                 problems: list[str] = (), out: TextIO | None = None) -> None:
        self.options = options
        self._out = out  # --output-file; None: standard output
        self._texts: dict[str, str] = {}  # files linted from memory (standard input)
        self._decide = decide  # the file's decision on what is reported (per-file-ignores...)
        self._lint = lint
        self.totals = totals
        self._problems = list(problems)
        self.lines = SourceLines()
        self.collected: list[Finding] = []
        self.json_items: list[Finding | reporters.FileIgnored] = []  # --format json: in order
        self.notes: list[reporters.FileIgnored] = []
        self.fixed = 0
        self.files_fixed = 0
        self.diffs = 0
        self.noqa_added = 0
        self.files_noqa = 0
        self.baseline = None
        if options.baseline and not options.write_baseline:
            self.baseline = baselines.Baseline.load(options.baseline)
        self._progress = reporters.Progress(0, enabled=False)
        self._done = 0
        self.hidden = None  # core/hidden_findings.HiddenCounts: what the defaults left out

    # ------------------------------------------------------------------ per file

    def start(self, file_count: int) -> None:
        self._progress = reporters.Progress(file_count, enabled=self.options.progress)

    def add(self, path: str, findings: list[Finding]) -> None:
        decision = self._decide(path)
        findings = decision.reported(findings)
        text = self._text(path)
        if text is not None:
            self._warn_about_pragmas(path, text)
            self._note_if_ignored(path, text)
        if self.options.fix or self.options.diff:
            findings = decision.reported(self._fix(path, findings))
        if self.baseline is not None:
            findings = decision.reported(findings, self.baseline, self.lines)
        if self.options.add_noqa:
            findings = self._add_noqa(path, findings)
        self.totals.add_file(findings)
        self._write(findings)
        self._done += 1
        self._progress.update(self._done, path)

    def _add_noqa(self, path: str, findings: list[Finding]) -> list[Finding]:
        """Accept the file's findings with a pragma on each flagged line; what could not be
        accepted so (a notebook, a line continued with a backslash) is still reported."""
        from tfgraph_lint.output.add_noqa import add_pragmas

        hazards = [f for f in findings if f.rule.is_hazard]
        if not hazards:
            return findings
        try:
            result = add_pragmas(path, hazards)
        except OSError as exc:
            self._stderr(f"{PROG}: error: cannot add pragmas to {path}: {exc.strerror or exc}")
            return findings
        if result.added:
            self.noqa_added += result.added
            self.files_noqa += 1
        return [f for f in findings if not f.rule.is_hazard] + list(result.left)

    def set_text(self, path: str, text: str) -> None:
        """Use ``text`` as the content of ``path`` (read from standard input, not from disk)."""
        self._texts[path] = text
        try:
            self.lines.set_text(path, notebooks.module_source(text, path))
        except notebooks.NotebookError:
            self.lines.set_text(path, "")

    def _raw_text(self, path: str) -> str | None:
        if path in self._texts:
            return self._texts[path]
        try:
            return read_source(path)  # not kept: most files need no line of theirs shown
        except UnreadableSource:
            return None

    def _text(self, path: str) -> str | None:
        """The Python source the findings of ``path`` count lines in (a notebook's code cells)."""
        raw = self._raw_text(path)
        try:
            return notebooks.module_source(raw, path) if raw is not None else None
        except notebooks.NotebookError:
            return None

    def _warn_about_pragmas(self, path: str, text: str) -> None:
        if self.options.quiet:
            return  # --quiet: findings only, as ruff's
        for warning in pragmas.unknown_names(text):
            self._stderr(f"{self._where(path, warning.line)}:{warning.column}: warning: {warning.message}")

    def _where(self, path: str, line: int) -> str:
        """``path:line``, or ``path:cell N:line`` for a line of a notebook's code cells."""
        if notebooks.is_notebook(path):
            try:
                cell = notebooks.read(self._raw_text(path) or "").cell_at(line)
            except notebooks.NotebookError:
                return f"{path}:{line}"
            return f"{path}:cell {cell.number}:{line - cell.first_line + 1}"
        return f"{path}:{line}"

    def _note_if_ignored(self, path: str, text: str) -> None:
        """Say that a pragma skips the file whole (Pylint's I0013), so it never passes as clean."""
        skipped = pragmas.file_skipped(text)
        if skipped is None:
            return
        note = reporters.FileIgnored(path, *skipped)
        if notebooks.is_notebook(path):
            try:
                cell = notebooks.read(self._raw_text(path) or "").cell_at(note.line)
                note = reporters.FileIgnored(path, note.line - cell.first_line + 1, note.pragma, cell.number)
            except notebooks.NotebookError:
                pass
        self.totals.files_ignored += 1
        self.notes.append(note)
        options = self.options
        if not options.show_info or options.diff or options.write_baseline or options.statistics:
            return
        if options.output_format == "json":
            self.json_items.append(note)
        elif options.output_format == "json-lines":
            from tfgraph_lint.output import line_formats  # output formats load when asked for
            self._stdout(line_formats.json_line(note))
        elif options.output_format == "github":
            from tfgraph_lint.output.github_format import github_notice  # output formats load when asked for

            self._stdout(github_notice(note))
        elif options.output_format == "text":
            self._stdout(note.text_line(options.color))

    def _fix(self, path: str, findings: list[Finding]) -> list[Finding]:
        from tfgraph_lint.fixes import apply_fixes, is_fixable  # libcst: loaded only to fix

        if not any(is_fixable(f) for f in findings):
            return findings
        text = self._text(path)
        if text is None:
            return findings
        result = apply_fixes(text, findings)
        if not result.changed:
            return findings
        before, after = text, result.text
        if notebooks.is_notebook(path):
            # The fixed code goes back into the cells' sources; the rest of the file stays as it is.
            before = self._raw_text(path) or ""
            try:
                after = notebooks.read(before).rewrite(result.text)
            except notebooks.NotebookError as exc:
                self._stderr(f"{PROG}: warning: {path}: fixes not applied: {exc}")
                return findings
        if self.options.diff:
            self.diffs += 1
            self.fixed += len(result.fixed)
            import difflib

            self._stdout("".join(difflib.unified_diff(
                before.splitlines(keepends=True), after.splitlines(keepends=True),
                fromfile=f"a/{path}", tofile=f"b/{path}")).rstrip("\n"))
            return findings
        try:
            if notebooks.is_notebook(path):
                _write_notebook(path, after)
            else:
                _write_text(path, result.text)
        except OSError as exc:
            self._stderr(f"{PROG}: error: cannot write the fix to {path}: {exc.strerror or exc}")
            return findings
        self.fixed += len(result.fixed)
        self.files_fixed += 1
        self.lines.set_text(path, result.text)
        return self._lint(path)

    def _write(self, findings: list[Finding]) -> None:
        options = self.options
        if options.diff:
            return  # --diff shows the changes only
        keep = options.write_baseline or options.statistics or options.output_format in ("json", "sarif", "junit")
        if keep:
            self.collected.extend(findings)
            self.json_items.extend(findings)
            return
        for finding in findings:
            if options.output_format == "github":
                from tfgraph_lint.output.github_format import github_line

                self._stdout(github_line(finding))
            elif options.output_format in ("json-lines", "pylint"):
                from tfgraph_lint.output import line_formats  # output formats load when asked for
                write = line_formats.json_line if options.output_format == "json-lines" else line_formats.pylint_line
                self._stdout(write(finding))
            else:
                source = self.lines.line(finding.path, finding.line) if options.show_source else None
                self._stdout("\n".join(reporters.text_lines(finding, options.why, source=source,
                                                            color=options.color)))

    # ------------------------------------------------------------------ at the end

    def finish(self) -> None:
        self._progress.clear()
        options = self.options
        if options.write_baseline:
            count = baselines.write(options.baseline, self.collected, self.lines)
            if not options.quiet:
                self._stderr(f"Recorded {_count(count, 'finding')} in {options.baseline}")
        elif options.diff:
            pass
        elif options.statistics:
            counts = self.totals.by_code
            if options.output_format == "json":
                self._stdout(reporters.statistics_json(counts))
            elif counts:
                self._stdout("\n".join(reporters.statistics_lines(counts)))
        elif options.output_format == "json":
            self._stdout(reporters.json_document(self.json_items))
        elif options.output_format == "sarif":
            notes = self.notes if options.show_info else []
            from tfgraph_lint.output.sarif import sarif_document

            self._stdout(sarif_document(self.collected, self.lines, self._problems, notes=notes,
                                        hidden=self.hidden))
        elif options.output_format == "junit":
            from tfgraph_lint.output import line_formats  # output formats load when asked for
            self._stdout(line_formats.junit_document(self.collected, self.totals.files_checked))

    def summary_lines(self) -> list[str]:
        """The closing lines on stderr (text output only, like the summary itself)."""
        if self.options.write_baseline:
            return []
        if self.options.diff:
            if not self.fixed:
                return ["No fixes available"]
            return [f"{_count(self.fixed, 'fix')} available in {_count(self.diffs, 'file')}"]
        lines = []
        if self.options.add_noqa:
            lines.append(f"Added {_count(self.noqa_added, 'pragma')} in {_count(self.files_noqa, 'file')}")
        if self.options.fix:
            lines.append(f"Fixed {_count(self.fixed, 'finding')} in {_count(self.files_fixed, 'file')}"
                         if self.fixed else "Nothing to fix")
        summary = reporters.summary_line(self.totals)
        if self.baseline is not None and self.baseline.hidden:
            summary += f"; {_count(self.baseline.hidden, 'finding')} hidden by the baseline"
        return [*lines, summary, *self.hint_lines()]

    def hint_lines(self) -> list[str]:
        """What the defaults hid and the option that shows it, for every output format (the text
        summary ends with these; beside JSON, SARIF and the others they are all that stderr gets).
        None when the run writes a baseline or shows fixes: those record or change what is shown."""
        if self.hidden is None or self.options.write_baseline or self.options.diff:
            return []
        return self.hidden.hint_lines()

    def exit_code(self, from_totals: int) -> int:
        """``--diff`` exits 1 when it would change something; ``--write-baseline`` 0 once written."""
        if from_totals == 2:
            return 2
        if self.options.diff:
            return 1 if self.fixed else 0
        if self.options.write_baseline:
            return 0
        return from_totals

    # ------------------------------------------------------------------ output

    def _stdout(self, text: str) -> None:
        self._progress.clear()
        click.echo(text, file=self._out, color=self.options.color)

    def _stderr(self, text: str) -> None:
        self._progress.clear()
        click.echo(text, err=True)


def _write_text(path: str, text: str) -> None:
    """Write the fixed text back in the file's own encoding and line endings."""
    with open(path, "rb") as handle:
        original = handle.read()
    newline = "\r\n" if b"\r\n" in original else "\n"
    encoding, _ = tokenize.detect_encoding(io.BytesIO(original).readline)  # "utf-8-sig" keeps a BOM
    data = text.replace("\r\n", "\n").replace("\n", newline).encode(encoding)
    temporary = Path(path).with_name(Path(path).name + ".tfgraph-lint-fix")
    temporary.write_bytes(data)
    _copy_mode(path, temporary)
    os.replace(temporary, path)


def _write_notebook(path: str, text: str) -> None:
    """Write a rewritten notebook as it was read: UTF-8, its own line endings (JSON is UTF-8)."""
    temporary = Path(path).with_name(Path(path).name + ".tfgraph-lint-fix")
    with open(temporary, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    _copy_mode(path, temporary)
    os.replace(temporary, path)


def _copy_mode(source: str, target) -> None:
    import shutil  # only for --fix: a run that reports need not load it (nor its compressors)

    shutil.copymode(source, target)


def _count(number: int, noun: str) -> str:
    plural = noun + ("es" if noun.endswith("x") else "s")
    return f"{number} {noun if number == 1 else plural}"
