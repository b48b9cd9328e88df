"""What the defaults hide, counted, and how to see it: one computation for the CLI and reporters.

Some findings are left out by default: the INFERENCE findings of a rule reported at HIGH alone,
when the user chose no levels; and every finding of an opt-in rule (core/measured_defaults) the
user neither turned on nor ignored, when no ``select`` chose the rules. What the user excluded on
purpose is not hidden and not counted. A run that hides findings without saying so reads as
clean, so the command lints with the levels and rules the defaults leave out too (``widened``),
shows what the user's configuration reports (``split``) and counts the rest (``HiddenCounts``):
the text summary says how many and which option shows them, as ruff does for fixes ("3 more
findings at INFERENCE confidence: use `--confidence HIGH,INFERENCE`"); SARIF carries the counts
in the run's properties; JSON stays a list of findings, and the count goes to the summary on
stderr. LOW findings are off for everyone unless asked for, and are not counted.
"""

from __future__ import annotations

from collections import Counter

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES, INFERENCE, Finding
from tfgraph_lint.core.records import Record, replace


def widened(config: Config, opt_in_left_off: frozenset[str]) -> Config | None:
    """The configuration that also finds what ``config``'s defaults hide: the levels it leaves to
    each rule's default, and ``opt_in_left_off``, the opt-in rules left off by default rather than
    by the user's choice (``settings_discovery.CommandLine.opt_in_left_off``); None when nothing
    is hidden by a default."""
    extra_codes = opt_in_left_off - config.enabled_codes
    if config.confidences is not None and not extra_codes:
        return None
    return replace(config, enabled_codes=config.enabled_codes | extra_codes, counted_only=extra_codes,
                   confidences=config.confidences if config.confidences is not None else DEFAULT_CONFIDENCES)


def shown(finding: Finding, config: Config) -> bool:
    """``config`` (the user's) reports ``finding``."""
    return config.is_enabled(finding.code) and config.reports(finding.code, finding.confidence)


class HiddenCounts(Record):
    """Findings left out by the defaults: by level (of rules that run) and by opt-in rule."""
    __slots__ = ("by_level", "by_opt_in_rule")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable
    by_level: Counter[str]
    by_opt_in_rule: Counter[str]

    def __init__(self, by_level: Counter[str] | None = None,
                 by_opt_in_rule: Counter[str] | None = None) -> None:
        self.by_level = Counter() if by_level is None else by_level
        self.by_opt_in_rule = Counter() if by_opt_in_rule is None else by_opt_in_rule

    def split(self, findings: list[Finding], config: Config) -> list[Finding]:
        """The findings ``config`` reports; the others are counted here."""
        kept = []
        for finding in findings:
            if shown(finding, config):
                kept.append(finding)
            elif not config.is_enabled(finding.code):
                self.by_opt_in_rule[finding.code] += 1
            else:
                self.by_level[finding.confidence] += 1
        return kept

    @property
    def total(self) -> int:
        return sum(self.by_level.values()) + sum(self.by_opt_in_rule.values())

    def hint_lines(self) -> list[str]:
        """One line per kind of hidden finding, with the option that shows it."""
        lines = []
        for level, count in sorted(self.by_level.items()):
            levels = "HIGH,INFERENCE" if level == INFERENCE else f"HIGH,INFERENCE,{level}"
            lines.append(f"{count} more {_findings(count)} at {level} confidence: use `--confidence {levels}`")
        if self.by_opt_in_rule:
            count = sum(self.by_opt_in_rule.values())
            codes = ",".join(sorted(self.by_opt_in_rule))
            lines.append(f"{count} more {_findings(count)} from opt-in rules ({codes}): "
                         f"use `--extend-select {codes}`")
        return lines

    def sarif_properties(self) -> dict:
        """The counts for a SARIF run's ``properties``."""
        return {"hiddenFindings": {"total": self.total, "byConfidence": dict(sorted(self.by_level.items())),
                                   "byOptInRule": dict(sorted(self.by_opt_in_rule.items())),
                                   "show": self.hint_lines()}}


def _findings(count: int) -> str:
    return "finding" if count == 1 else "findings"
