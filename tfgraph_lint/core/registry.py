"""The rule registry: the single source of truth for every rule's identity.

Each rule has three keys (see DESIGN.md, "Rule identity"):
- ``code`` (``TFG101``): public and stable, used in ``--select``, docs and fixture folders;
- ``symbol`` (``python-print-in-graph``): what people write in ``# pylint: disable=``;
- ``msgid`` (``W8701``): Pylint's internal id. All of ours live in Pylint's plugin block 87,
  which neither Pylint nor the common plugins use (a test checks this). The letter follows the
  failure mode: E raises in graph mode, W silently differs from eager, R retraces / costs.
  The last two digits mirror the code: W87 01 is TFG101, E87 21 is TFG201, R87 31 is TFG301.

Codes and symbols are never reused: a removed rule moves to ``REMOVED`` and stays there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEVERITY_BY_LETTER = {"E": "error", "W": "warning", "R": "refactor"}

FAMILY_TITLES = {
    "0": "Diagnostics about the run itself",
    "1": "Python side effects that run only while tracing",
    "2": "Code that raises or breaks in graph mode",
    "3": "Retracing and graph size",
}


@dataclass(frozen=True)
class Rule:
    code: str
    symbol: str
    msgid: str
    summary: str  # one line: what the rule finds, used in tables and Pylint's help

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


RULES: tuple[Rule, ...] = (
    Rule("TFG001", "tfgraph-analysis-failed", "E8791",
         "A file could not be analysed (unreadable, not UTF-8, binary, or a syntax error)"),
    Rule("TFG002", "tfgraph-internal-error", "E8792",
         "A rule failed on a file; the other rules and files still ran"),
    Rule("TFG101", "python-print-in-graph", "W8701",
         "Builtin print() in graph code runs only while tracing"),
    Rule("TFG102", "python-random-in-graph", "W8702",
         "NumPy or stdlib random in graph code is drawn once, then frozen into the graph"),
    Rule("TFG103", "python-side-effect-in-graph", "W8703",
         "Trace-time side effects (time, logging, files, os.environ, input) in graph code happen once"),
    Rule("TFG104", "outer-collection-mutation", "W8704",
         "Graph code mutating an outer list/dict/set does so once, while tracing, and leaks symbolic tensors"),
    Rule("TFG105", "python-state-mutation", "W8705",
         "Rebinding Python state (global, nonlocal, self.count += 1) in graph code happens once"),
    Rule("TFG106", "python-iterator-in-graph", "W8706",
         "next() on a Python iterator in graph code is consumed once; every call reuses that value"),
    Rule("TFG107", "mutable-global-capture", "W8707",
         "A global or closure variable rebound elsewhere is frozen into the graph at trace time"),
    Rule("TFG108", "tensor-formatted-at-trace", "W8708",
         "An f-string, % or .format() of a tensor in graph code shows its trace-time description"),
    Rule("TFG109", "mutable-attribute-capture", "W8709",
         "A self attribute another method rebinds is frozen into the graph at trace time"),
    Rule("TFG201", "variable-created-in-graph", "E8721",
         "tf.Variable (or a layer, optimizer, RNG) created on every call of graph code"),
    Rule("TFG202", "eager-only-call-in-graph", "E8722",
         ".numpy(), NumPy on a tensor, .eval() or Keras fit/predict in graph code fails on symbolic tensors"),
    Rule("TFG203", "tensor-used-as-python-value", "E8723",
         "bool()/int()/len() of a tensor, or a tensor condition AutoGraph does not convert"),
    Rule("TFG204", "python-list-in-tensor-loop", "E8724",
         "Appending to a Python list inside a loop AutoGraph turns into tf.while_loop"),
    Rule("TFG205", "recursive-tf-function", "E8725",
         "A tf.function that calls itself, directly or through others"),
    Rule("TFG206", "generator-in-graph", "E8726",
         "yield in graph code: AutoGraph does not convert generators"),
    Rule("TFG207", "tensor-branch-undefined-variable", "E8727",
         "A variable set in only one branch of a tensor if (or only in a tensor loop) and used after it"),
    Rule("TFG208", "tf-state-recreated", "E8728",
         "An optimizer, layer or variable on self re-created outside set-up, used by a tf.function"),
    Rule("TFG209", "tensor-grown-in-loop", "E8729",
         "A tensor grown with tf.concat/tf.stack in a loop AutoGraph converts changes shape: tracing raises"),
    Rule("TFG301", "python-scalar-argument", "R8731",
         "A varying Python number passed to a tf.function builds a new graph per value"),
    Rule("TFG302", "tf-function-in-loop", "R8732",
         "tf.function created inside a loop or per call: a fresh Function never reuses its traces"),
    Rule("TFG303", "python-range-loop", "R8733",
         "range() over a Python int, or a while-loop on a Python counter, in graph code is unrolled"),
    Rule("TFG304", "python-loop-over-data", "R8734",
         "A Python for-loop over a list or NumPy array in graph code is unrolled per element"),
    Rule("TFG305", "python-collection-argument", "R8735",
         "Python lists/tuples/dicts passed to a tf.function are keyed by value and retrace"),
    Rule("TFG306", "deprecated-tf-function-argument", "R8736",
         "Deprecated tf.function arguments (experimental_relax_shapes, experimental_compile, ...)"),
    Rule("TFG307", "functions-run-eagerly", "R8737",
         "tf.config.run_functions_eagerly(True) left in non-test code runs every tf.function eagerly"),
)

# Codes and symbols that once existed; never to be reused.
REMOVED: tuple[tuple[str, str], ...] = ()

_BY_CODE = {rule.code: rule for rule in RULES}
_BY_SYMBOL = {rule.symbol: rule for rule in RULES}
_BY_MSGID = {rule.msgid: rule for rule in RULES}

ANALYSIS_FAILED = _BY_CODE["TFG001"]
INTERNAL_ERROR = _BY_CODE["TFG002"]

_CODE_PREFIX = re.compile(r"^TFG\d{0,3}$")


def rule_by_code(code: str) -> Rule:
    return _BY_CODE[code]


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
