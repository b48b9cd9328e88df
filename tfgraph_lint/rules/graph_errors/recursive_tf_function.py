"""TFG205 recursive-tf-function: a tf.function that calls itself, directly or through others.

TensorFlow does not support recursive tf.functions. Calling a tf.function while tracing it
traces it again: a stop condition on a tensor becomes a ``tf.cond`` whose branches are both
traced, so tracing recurses until RecursionError; a stop condition on a Python value builds a
new graph for every depth.

The call graph is read over the module's traced functions: calls resolved lexically (names,
``self.method``, ``step = tf.function(fn)`` bindings), callables passed as arguments
(``tf.cond(pred, lambda: f(n - 1), ...)``), and nested defs and lambdas, which run inside the
function that defines them. A call site is reported when it calls a tf.function *object*
(a decorated def, a name or attribute bound to ``tf.function(fn)``) that leads back to the
function making the call, unless a function on that cycle creates the object anew each time
it runs (then every round traces a new object). Recursion among plain helpers, which Python
runs while tracing, is not this rule's concern: recursing over Python values is legitimate.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_sites import resolve_tf_function_call
from tfgraph_lint.analysis.callables import FunctionNode, own_nodes, resolve_callables
from tfgraph_lint.analysis.graph_index import GraphIndex, TracedFunction
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG205",
    symbol="recursive-tf-function",
    msgid="E8725",
    summary="A tf.function that calls itself, directly or through others",
    default=Default.ON,
)


class _Edge(Record):
    __slots__ = ("caller", "callee", "site", "tf_function_call", "created_in")
    caller: FunctionNode
    callee: FunctionNode
    site: nodes.NodeNG  # the call, or the nested def / lambda
    tf_function_call: bool  # the call enters a tf.function object (a new trace)
    # The function whose every call creates that tf.function object afresh (a decorated nested
    # def, ``step = tf.function(fn)`` inside a function); None when it is created once.
    created_in: FunctionNode | None

    def __init__(self, caller: FunctionNode, callee: FunctionNode, site: nodes.NodeNG, tf_function_call: bool,
                 created_in: FunctionNode | None = None) -> None:
        self.caller = caller
        self.callee = callee
        self.site = site
        self.tf_function_call = tf_function_call
        self.created_in = created_in


def check(context: ModuleContext) -> Iterator[Finding]:
    index = context.index
    edges = _call_graph(index)
    for edge in (e for caller_edges in edges.values() for e in caller_edges):
        if not edge.tf_function_call:
            continue
        path = _path(edges, edge.callee, edge.caller)
        if path is None or edge.created_in in path:
            # A tf.function object made anew on every round of the cycle is never re-entered
            # while it is traced: each round traces a new object (TFG302's concern, if any).
            continue
        caller = index.traced[edge.caller]
        yield context.finding(RULE, edge.site, _message(index, caller, path), traced=caller)


def _message(index: GraphIndex, caller: TracedFunction, path: list[FunctionNode]) -> str:
    """``path`` runs from the tf.function the call enters back to the caller."""
    callee = index.traced[path[0]]
    if len(path) == 1:
        what = f"{caller.subject} calls itself"
    else:
        cycle = " -> ".join(index.traced[fn].label for fn in [*path, path[0]])
        what = (f"this call in {caller.subject} re-enters tf.function {callee.label} while it is "
                f"being traced ({cycle})")
    return (
        f"{what}: recursive tf.functions are not supported - a stop condition on a tensor is "
        "traced on both branches and recurses until RecursionError, and one on a Python value "
        "builds a new graph per depth; write the recursion as a loop (a for loop over tf.range, "
        "or tf.while_loop)"
    )


# -- the call graph over traced functions ----------------------------------------------------

def _call_graph(index: GraphIndex) -> dict[FunctionNode, list[_Edge]]:
    edges: dict[FunctionNode, list[_Edge]] = {}
    for fn in index.traced:
        found: list[_Edge] = []
        for node in own_nodes(fn):
            if isinstance(node, (nodes.FunctionDef, nodes.Lambda)) and node in index.traced:
                found.append(_Edge(fn, node, node, False))  # runs inside ``fn`` when called or traced
            elif isinstance(node, nodes.Call):
                found.extend(_call_edges(index, fn, node))
        edges[fn] = found
    return edges


def _call_edges(index: GraphIndex, caller: FunctionNode, call: nodes.Call) -> Iterator[_Edge]:
    entered = _tf_function_object(index, call)
    if entered is not None:
        callee, created_in = entered
        yield _Edge(caller, callee, call, True, created_in)
    else:
        for callee in resolve_callables(call.func):
            if callee in index.traced:
                yield _Edge(caller, callee, call, False)
    # Callables passed along (tf.cond branches, tf.map_fn bodies, callbacks) are called too.
    for argument in [*call.args, *(kw.value for kw in call.keywords or ())]:
        if isinstance(argument, (nodes.Name, nodes.Attribute)):
            for callee in resolve_callables(argument):
                if callee in index.traced:
                    yield _Edge(caller, callee, call, False)


def _tf_function_object(index: GraphIndex, call: nodes.Call) -> tuple[FunctionNode, FunctionNode | None] | None:
    """The function behind the tf.function object a call calls, and the function that creates
    the object on each of its calls, if any. Calling the plain def that a wrapper wraps
    (``fact(n - 1)`` inside ``fact``, with ``fact_fn = tf.function(fact)``) is a Python call at
    trace time, not a new trace."""
    found = resolve_tf_function_call(call, index)
    return (found.traced.node, found.created_in) if found is not None else None


def _path(edges: dict[FunctionNode, list[_Edge]], start: FunctionNode, goal: FunctionNode) -> list[FunctionNode] | None:
    """The functions from ``start`` to ``goal`` along call edges (both included), or None."""
    previous: dict[FunctionNode, FunctionNode | None] = {start: None}
    queue = [start]
    while queue:
        fn = queue.pop(0)
        if fn is goal:
            path = [fn]
            while previous[path[-1]] is not None:
                path.append(previous[path[-1]])
            return list(reversed(path))
        for edge in edges.get(fn, ()):
            if edge.callee not in previous:
                previous[edge.callee] = fn
                queue.append(edge.callee)
    return None
