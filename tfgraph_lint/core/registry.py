"""The rule registry: every rule's identity, collected from the rules' own declarations.

Each rule has three keys (see DESIGN.md, "Rule identity"):
- ``code`` (``TFG101``): public and stable, used in ``--select``, docs and fixture folders;
- ``symbol`` (``python-print-in-graph``): what people write in ``# pylint: disable=``;
- ``msgid`` (``W8701``): Pylint's internal id. All of ours live in Pylint's plugin block 87,
  which neither Pylint nor the common plugins use (a test checks this). The letter follows the
  failure mode: E raises in graph mode, W silently differs from eager, R retraces / costs.
  The last two digits mirror the code: W87 01 is TFG101, E87 21 is TFG201, R87 31 is TFG301.

A rule declares itself in its own module (``rules/<family>/<rule>.py``): its keys, its one-line
summary, what it reports unasked (:class:`Default`, with the measurement behind it as a comment)
and the module of ``fixes/`` that fixes it, if any::

    RULE = declare(
        code="TFG101",
        symbol="python-print-in-graph",
        msgid="W8701",
        summary="Builtin print() in graph code runs only while tracing",
        default=Default.SEED,  # why, measured
        fix="print_fix",
    )

This module collects those declarations by *reading* the rule modules (rule_declarations.py),
not by importing them: importing a rule imports astroid and the analysis, which ``--help``,
``explain`` and the configuration never need, and the core layer never imports the rules layer.
When the rule module itself runs, ``declare`` hands it the registry's entry and checks that the
two agree. The run diagnostics (TFG0xx) are no rule module's: they are declared here.

Codes and symbols are never reused: a removed rule moves to ``REMOVED`` and stays there.
"""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core.records import Record
from tfgraph_lint.core.rule_declarations import RULES_PACKAGE, declarations
from tfgraph_lint.core.lazy_pattern import LazyPattern

_SEVERITY_BY_LETTER = {"E": "error", "W": "warning", "R": "refactor"}

FAMILY_TITLES = {
    "0": "Diagnostics about the run itself",
    "1": "Python side effects that run only while tracing",
    "2": "Code that raises or breaks in graph mode",
    "3": "Retracing and graph size",
}


class Default:
    """What a rule reports when the user chooses nothing (core/measured_defaults says how it is
    chosen): the names a declaration's ``default=`` takes."""

    SEED = "seed"  # a seed hazard: on at HIGH and INFERENCE whatever the measurements of the day
    ON = "on"  # on at HIGH and INFERENCE: the review corpus supports it
    HIGH_ONLY = "HIGH only"  # on, but only its HIGH findings: the corpus supports it there alone
    OPT_IN = "opt-in"  # off until chosen: the corpus does not support it


class Rule(Record):
    __slots__ = ("code", "symbol", "msgid", "summary", "default", "fix")
    code: str
    symbol: str
    msgid: str
    summary: str  # one line: what the rule finds, used in tables and Pylint's help
    default: str
    fix: str | None  # the module of fixes/ that fixes its findings (``print_fix``)

    def __init__(self, code: str, symbol: str, msgid: str, summary: str, default: str = Default.ON,
                 fix: str | None = None) -> None:
        self.code = code
        self.symbol = symbol
        self.msgid = msgid
        self.summary = summary
        self.default = default
        self.fix = fix

    @property
    def severity(self) -> str:
        return _SEVERITY_BY_LETTER[self.msgid[0]]

    @property
    def family(self) -> str:
        return self.code[3]

    @property
    def is_hazard(self) -> bool:
        """False for the run diagnostics (TFG0xx), which have no fixture and cannot be selected off."""
        return self.family != "0"

    @property
    def fixture_dir_name(self) -> str:
        return f"{self.code}-{self.symbol}"


DIAGNOSTICS: tuple[Rule, ...] = (
    Rule("TFG001", "tfgraph-analysis-failed", "E8791",
         "A file could not be analysed (unreadable, not UTF-8, binary, or a syntax error)"),
    Rule("TFG002", "tfgraph-internal-error", "E8792",
         "A rule failed on a file; the other rules and files still ran"),
)


def collected(root: Path = RULES_PACKAGE) -> tuple[Rule, ...]:
    """The run diagnostics and the rules declared under ``root`` (the rules package), by code."""
    rules = [*DIAGNOSTICS]
    for where, fields in declarations(vars(Default), root):
        try:
            rules.append(Rule(**fields))
        except TypeError as exc:
            raise ValueError(f"{where}: a rule declaration takes code, symbol, msgid, summary, "
                             f"default and fix ({exc})") from None
    for key in ("code", "symbol", "msgid"):
        seen: dict[str, Rule] = {}
        for rule in rules:
            other = seen.setdefault(getattr(rule, key), rule)
            if other is not rule:
                raise ValueError(f"two rules declare the {key} {getattr(rule, key)!r}: {other.code} and {rule.code}")
    return tuple(sorted(rules, key=lambda rule: rule.code))


RULES: tuple[Rule, ...] = collected()

# Codes and symbols that once existed; never to be reused.
REMOVED: tuple[tuple[str, str], ...] = ()

_BY_CODE = {rule.code: rule for rule in RULES}
_BY_SYMBOL = {rule.symbol: rule for rule in RULES}
_BY_MSGID = {rule.msgid: rule for rule in RULES}

_REUSED = sorted({name for pair in REMOVED for name in pair} & {*_BY_CODE, *_BY_SYMBOL})
if _REUSED:
    raise ValueError(f"codes and symbols of removed rules are never reused: {_REUSED}")

ANALYSIS_FAILED = _BY_CODE["TFG001"]
INTERNAL_ERROR = _BY_CODE["TFG002"]

_CODE_PREFIX = LazyPattern(r"^TFG\d{0,3}$")


def rule_by_code(code: str) -> Rule:
    return _BY_CODE[code]


def declare(**fields: object) -> Rule:
    """A rule module's declaration (``RULE = declare(code=..., ...)``): the registry's entry,
    which it read from that same declaration (see the module docstring)."""
    code = fields.get("code")
    rule = _BY_CODE.get(code) if isinstance(code, str) else None
    if rule is None or rule != Rule(**fields):  # type: ignore[arg-type]
        raise RuntimeError(f"the rule declaration of {code} is not the one the registry read from "
                           "rules/<family>/ (its grammar: core/rule_declarations.py)")
    return rule


def lookup(key: str) -> Rule | None:
    """A rule by code, symbol or Pylint msgid (case-insensitive for codes and msgids)."""
    return _BY_CODE.get(key.upper()) or _BY_SYMBOL.get(key.lower()) or _BY_MSGID.get(key.upper())


def hazard_rules() -> tuple[Rule, ...]:
    return tuple(rule for rule in RULES if rule.is_hazard)


def expand_selector(selector: str) -> set[str]:
    """The codes a ``--select``/``--ignore`` item names: a code, a code prefix (``TFG1``) or a symbol.

    Raises ``KeyError`` with the offending item when it names nothing.
    """
    item = selector.strip()
    rule = lookup(item)
    if rule is not None:
        return {rule.code}
    if _CODE_PREFIX.match(item.upper()):
        codes = {code for code in _BY_CODE if code.startswith(item.upper())}
        if codes:
            return codes
    raise KeyError(item)
