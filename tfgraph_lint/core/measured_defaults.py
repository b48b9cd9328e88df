"""What each rule reports when the user chooses nothing: set from its measured precision.

Issue #11's promise: a rule is on by default only where the review corpus (benchmarks/precision.py,
the verdicts in benchmarks/review/) shows that nine findings in ten of everything reported by
default are real, and four in five of each rule's with five findings or more. Where a rule gets
there only at its HIGH findings, its INFERENCE findings are left out by default (``LEVELS``); where
it does not get there at all, the rule is opt-in (``OPT_IN``): ``--extend-select`` (or a
``select`` naming it; in Pylint ``tfgraph-extend-select``, or the keys of ``[tool.tfgraph-lint]``)
turns it on, at HIGH and INFERENCE. Choosing levels
(``--confidence``, ``confidence`` in pyproject.toml, Pylint's ``tfgraph-confidence``) applies
them to every rule that runs, and replaces these per-rule defaults.

``benchmarks/precision.py`` prints, from the same figures, which defaults the measurement
supports and says where they differ from these. The figures are the README's ("Precision on real
code"); the rule stays what it is (fixtures, cases, ``verify``): only what is shown unasked changes.
"""

from __future__ import annotations

from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES, HIGH
from tfgraph_lint.core.registry import RULES

# Off by default. Measured on the 167 review corpora (HIGH and INFERENCE, true of all findings):
OPT_IN: frozenset[str] = frozenset({
    "TFG107",  # mutable-global-capture: 11 of 15 (73%); names rebound to values that change nothing
    "TFG202",  # eager-only-call-in-graph: 12 of 16 (75%); branches the graph callers never take
    "TFG302",  # tf-function-in-loop: 2 of 5 (40%); a new trace per item is often the intent
})

# On by default at these levels only (HIGH: the code shows graph code and the hazard itself):
LEVELS: dict[str, frozenset[str]] = {
    "TFG101": frozenset({HIGH}),  # print: HIGH 3 of 3; INFERENCE (Keras methods, helpers) 1 of 6
    "TFG103": frozenset({HIGH}),  # side effects: HIGH 8 of 9; INFERENCE 1 of 5 (trace-time logging)
}


def default_codes() -> frozenset[str]:
    """The codes that run when nothing is selected: every rule but the opt-in ones."""
    return frozenset(rule.code for rule in RULES if rule.code not in OPT_IN)


def default_levels(code: str) -> frozenset[str]:
    """The confidence levels ``code`` reports when no level is chosen."""
    return LEVELS.get(code, DEFAULT_CONFIDENCES)
