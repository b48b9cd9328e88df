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

``benchmarks/precision.py`` prints, from the same figures, which defaults the measurement
supports and says where they differ from these. The figures are those of docs/accuracy.md; the
rule stays what it is (fixtures, cases, ``verify``): only what is shown unasked changes.
"""

from __future__ import annotations

from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES, HIGH
from tfgraph_lint.core.registry import RULES

# The seed hazards (TFG101 print, TFG102 Python/NumPy random, TFG201 tf.Variable created inside,
# TFG104 mutation of outer lists/dicts, TFG301 Python-scalar arguments) are always on at HIGH and
# INFERENCE: they are what users hit first, and ``verify`` confirms them. What distinguishes a
# deliberate trace-time output from a bug is lowered to LOW by evidence in the code
# (analysis/output_once, analysis/static_output), not by switching a level off.
ALWAYS_ON: frozenset[str] = frozenset({"TFG101", "TFG102", "TFG104", "TFG201", "TFG301"})

# Off by default. Measured on the 167 review corpora (HIGH and INFERENCE, true of all findings):
OPT_IN: frozenset[str] = frozenset({
    "TFG107",  # mutable-global-capture: 11 of 15 (73%); names rebound to values that change nothing
    # (TFG202 eager-only-call-in-graph is on: 17 of 21 reviewed findings true (81%) on 207 corpora,
    # users' code and libraries, once Keras metrics run only eagerly are told: keras_run_evidence.)
    # tf-function-in-loop: 2 of 4 reviewed findings true. A default changes only on twenty reviewed
    # findings or more, so it keeps the level it had; the recall corpora's per-call factories
    # (a tf.function made on every call of a function called repeatedly) are what it finds when on.
    "TFG302",
})

# On by default at these levels only (HIGH: the code shows graph code and the hazard itself):
LEVELS: dict[str, frozenset[str]] = {
    "TFG103": frozenset({HIGH}),  # side effects: HIGH 8 of 9; INFERENCE 1 of 5 (trace-time logging)
}


def default_codes() -> frozenset[str]:
    """The codes that run when nothing is selected: every rule but the opt-in ones."""
    return frozenset(rule.code for rule in RULES if rule.code not in OPT_IN)


def default_levels(code: str) -> frozenset[str]:
    """The confidence levels ``code`` reports when no level is chosen."""
    return LEVELS.get(code, DEFAULT_CONFIDENCES)
