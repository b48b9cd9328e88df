"""tf.functions the code traces on purpose, to learn what tracing finds out.

``initialize.get_concrete_function()`` traces a function without running it: code that does so
wants the graph, or the Python facts the trace leaves behind (variable creation order, result
shapes), written to a ``nonlocal`` name or an outer container by the traced body. State changed
there is a side channel the author reads after the forced trace, not per-call state that a
trace freezes: TFG104, TFG105 and TFG107 report it only at LOW confidence, TFG107 also where
another tf.function reads a name such a trace rebinds.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.core.findings import LOW

_FORCING_METHODS = frozenset({"get_concrete_function", "experimental_get_tracing_count"})


def traced_on_purpose(traced: TracedFunction) -> bool:
    """The root tf.function is a def whose name, in the scope defining it, gets
    ``.get_concrete_function(...)`` called on it."""
    fn = traced.root.node
    if not isinstance(fn, nodes.FunctionDef) or fn.parent is None:
        return False
    memo = remembered(fn, "traced on purpose")  # asked once per finding in the function
    if fn not in memo:
        memo[fn] = _forced(fn)
    return memo[fn]


def _forced(fn: nodes.FunctionDef) -> bool:
    scope = fn.parent.scope()
    return any(
        isinstance(call.func, nodes.Attribute) and call.func.attrname in _FORCING_METHODS
        and isinstance(call.func.expr, nodes.Name) and call.func.expr.name == fn.name
        and any(binding is fn for binding in bindings(call.func.expr, fn.name))
        for call in descendants(scope, nodes.Call)
    )


def side_channel_confidence(traced: TracedFunction, confidence: str) -> str:
    """LOW for state changed in a function traced on purpose; ``confidence`` otherwise."""
    return LOW if traced_on_purpose(traced) else confidence
