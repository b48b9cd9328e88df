"""What each rule reports when the user chooses nothing.

The seed hazards (``ALWAYS_ON``) report HIGH and INFERENCE whatever the measurements of the day
say: users hit them first, and a default that hides them makes ``check`` and ``verify`` disagree.
Their deliberate forms (output of facts fixed while tracing, trace markers, output in an
``except`` block) are recognised by evidence in the code and reported LOW, which is off by
default. Another rule is on by default only where the review corpus (benchmarks/precision.py, the
verdicts in benchmarks/review/) supports it; where it does so only at HIGH, its INFERENCE findings
are left out by default (``LEVELS``); where it does not at all, the rule is opt-in (``OPT_IN``):
``--extend-select`` (or a ``select`` naming it; in Pylint ``tfgraph-extend-select``, or the keys
of ``[tool.tfgraph-lint]``) turns it on, at HIGH and INFERENCE. Choosing levels (``--confidence``,
``confidence`` in pyproject.toml, Pylint's ``tfgraph-confidence``) applies them to every rule that
runs, and replaces these per-rule defaults. What the defaults hide is counted and named in the
summary (core/hidden_findings).

Each rule declares which of these it is in its own module (``default=`` of ``RULE = declare(...)``,
core/registry.py), with the measurement behind it beside the declaration; this module gathers
them. ``benchmarks/precision.py`` prints, from the same figures, which defaults the measurement
supports and says where they differ from these. The figures are those of docs/accuracy.md; the
rule stays what it is (fixtures, cases, ``verify``): only what is shown unasked changes.
"""

from __future__ import annotations

from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES, HIGH
from tfgraph_lint.core.registry import RULES, Default

# Each rule declares its default in its own module (``default=`` of its declaration, with the
# measurement behind it); these are the sets that declarations make, for the options' help,
# the documentation and the summary of what the defaults hide.
ALWAYS_ON: frozenset[str] = frozenset(rule.code for rule in RULES if rule.default == Default.SEED)
OPT_IN: frozenset[str] = frozenset(rule.code for rule in RULES if rule.default == Default.OPT_IN)
# On by default at these levels only (HIGH: the code shows graph code and the hazard itself):
LEVELS: dict[str, frozenset[str]] = {rule.code: frozenset({HIGH}) for rule in RULES
                                     if rule.default == Default.HIGH_ONLY}


def default_codes() -> frozenset[str]:
    """The codes that run when nothing is selected: every rule but the opt-in ones."""
    return frozenset(rule.code for rule in RULES if rule.code not in OPT_IN)


def default_levels(code: str) -> frozenset[str]:
    """The confidence levels ``code`` reports when no level is chosen."""
    return LEVELS.get(code, DEFAULT_CONFIDENCES)
