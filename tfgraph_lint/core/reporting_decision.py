"""What is reported of one file: every rule that hides a finding, in one place, for both front ends.

In order, per file:

1. ``exclude``: the file is not linted at all (:attr:`FileDecision.excluded`);
2. rule selection: only the rules its configuration enables run (``Config.enabled_codes``);
3. levels: only the confidence levels configured (``Config.reports``, :func:`at_levels`);
4. ``per-file-ignores``: rules turned off for the files a glob matches;
5. comments in the file: ``# tfgraph-lint: noqa`` (the whole file, or the rules it names),
   ``# noqa`` on a line, and Pylint's pragmas (the command line only: Pylint applies its own);
6. ``--baseline``: findings recorded before (the command line only).

Run diagnostics (TFG0xx: a file that could not be analysed, an internal error) pass every step:
a file that was never looked at must not pass for a clean one.

The engine calls :func:`at_levels` and :func:`without_suppressed` on what its rules found (so a
cached result already holds the file's decision on levels and comments); the command line and
the Pylint plugin build one :class:`FileDecision` per file, from the file's own settings, for
the rest.
"""

from __future__ import annotations

from collections.abc import Iterable

from tfgraph_lint.core import pragmas
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.project_config import ProjectSettings
from tfgraph_lint.core.records import Record


def at_levels(findings: Iterable[Finding], config: Config) -> list[Finding]:
    """Step 3: the findings at the confidence levels ``config`` reports."""
    return [f for f in findings if config.reports(f.code, f.confidence)]


def without_suppressed(findings: list[Finding], text: str, pylint_pragmas: bool = True) -> list[Finding]:
    """Step 5: the findings no comment of ``text`` suppresses (``pylint_pragmas``: also apply
    Pylint's own pragmas, which Pylint applies itself to the plugin's messages)."""
    if not findings:
        return findings
    exemptions = pragmas.file_exemptions(text)
    if exemptions:
        findings = [f for f in findings if not any(e.covers(f) for e in exemptions)]
    return pragmas.remove_suppressed(findings, text, pylint=pylint_pragmas)


class FileDecision(Record):
    """Steps 1 and 4 (and 6, given a baseline) for one file, from the settings that govern it."""
    __slots__ = ("path", "settings")

    path: str
    settings: ProjectSettings

    def __init__(self, path: str, settings: ProjectSettings) -> None:
        self.path = path
        self.settings = settings

    @property
    def excluded(self) -> bool:
        has_globs = self.settings.exclude or self.settings.command_line_exclude
        return bool(has_globs) and self.settings.is_excluded(self.path)

    @property
    def ignored_codes(self) -> frozenset[str]:
        if not self.settings.has_per_file_ignores:
            return frozenset()
        return self.settings.ignored_codes(self.path)

    def reported(self, findings: list[Finding], baseline=None, lines=None) -> list[Finding]:
        """Of the engine's ``findings`` for this file, those to report. ``baseline``
        (output.baseline.Baseline) hides the recorded ones; ``lines`` gives it their text."""
        ignored = self.ignored_codes
        if ignored:
            findings = [f for f in findings if not f.rule.is_hazard or f.code not in ignored]
        if baseline is not None:
            findings = baseline.new_findings(findings, lines)
        return findings
