"""Methods a trace runs on an object first, before it runs a method another file's class defines.

``self.signals.reset()`` at the top of a Keras ``call``, then ``self.signals.scatter(...)`` in a
helper it calls: what ``reset`` binds afresh on the object is new in each trace by the time
``scatter`` mutates it, a scratch of the trace. The calling file tells, for each call its graph
code makes of a method of another file's class, which methods statements that every path through
the trace runs first (analysis/run_before) call on the same receiver (:func:`outgoing_first_calls`,
a row of ``GraphIndex.outgoing``); the project view keeps, per method reached, those every such
call runs first, and none when anything else reaches the method (analysis/project_first_calls); the
defining file asks (:func:`first_calls`).

Conservative: the receiver is an attribute spelled the same at the call and at the earlier
statement (``self.signals``), on a chain of methods of one class, never bound in between; a
method named here other than as the function of one of these calls leaves it unknown.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.call_data import traced_around
from tfgraph_lint.analysis.call_shapes import seed_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.project_first_calls import FIRST_CALLS
from tfgraph_lint.analysis.run_before import chain_root, run_before_in_function, run_before_on_chain
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind


def outgoing_first_calls(index, key: tuple[str, str | None, str | None],
                         calls: list[nodes.Call] | None) -> list[str] | None:
    """The methods every graph-code call of the method ``key`` names runs first on its receiver;
    None when there are none, or when the method is named here other than by those calls."""
    method = key[2]
    if not calls or method is None:
        return None
    found: set[str] | None = None
    for call in calls:
        first = _first_on_receiver(call, index)
        if not first:
            return None
        found = first if found is None else found & first
    receivers = {call.func.expr.as_string() for call in calls}
    for node in descendants(index.module, nodes.Attribute):
        if node.attrname == method and node.expr.as_string() in receivers \
                and not (node.parent in calls and node.parent.func is node):
            return None  # handed on or read: calls through that are not seen
    return sorted(found) or None


def _first_on_receiver(call: nodes.Call, index) -> set[str]:
    func = call.func
    if not (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Attribute)):
        return set()
    traced = traced_around(call, index)
    if traced is None or not one_class_chain(traced):
        return set()
    receiver = func.expr.as_string()
    statements = [*run_before_in_function(call, traced.node), *run_before_on_chain(call, traced, ended=True)]
    found = {statement.value.func.attrname for statement in statements
             if isinstance(statement, nodes.Expr) and isinstance(statement.value, nodes.Call)
             and isinstance(statement.value.func, nodes.Attribute)
             and statement.value.func.expr.as_string() == receiver}
    if found and any(node.as_string() == receiver for statement in statements
                     for node in statement.nodes_of_class(nodes.AssignAttr)):
        return set()  # the receiver is bound again: perhaps to another object
    return found


def one_class_chain(traced: TracedFunction) -> bool:
    """Every function on the chain run_before_on_chain walks is a method of one class, so that
    ``self`` names the same object all the way up."""
    owner = traced.node.parent
    while isinstance(owner, nodes.ClassDef) and traced.node.parent is owner:
        if traced is chain_root(traced):
            return True
        traced = traced.reason.via
    return False


def first_calls(fn: nodes.FunctionDef, index) -> frozenset[str]:
    """The methods other files' graph code runs on the object first, every time it calls ``fn``
    (a method of a top-level class), as the project view says."""
    seed = seed_name(fn)
    if seed not in index.seeds or index.traced_function(fn) is None \
            or index.traced_function(fn).reason.kind != TraceKind.IMPORTED:
        return frozenset()
    return frozenset(index.config.arguments_for(index.module.file).get(f"{seed}{FIRST_CALLS}", ()))
