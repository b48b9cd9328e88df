"""Collections an object holds only for the length of one trace: scratch space, not state.

``self.skips = []`` at the top of a Keras ``call`` that then appends to it (keras-tcn), a list
rebound to ``model.trainable_variables`` (a new list on each read) and extended, or a list
that ``call`` fills and empties again before it returns (a DenseNet block's ``features_list``):
what graph code appends there lives and dies within the trace, as a local would. TFG104 makes
appends to such collections LOW when only graph code reads them, or when what is appended is
the object's own state (``self.variables.extend(self.extra_weights)`` after the rebinding): every
trace, and every eager call, rebuilds the same list from the same objects, so a call that runs
the graph without tracing leaves the list as an eager call would, and nothing symbolic is kept.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.core import tf_api
from tfgraph_lint.rules.side_effects.collection_receivers import literal_type


def made_afresh_earlier_in_trace(receiver: nodes.NodeNG, node: nodes.NodeNG, traced: TracedFunction) -> bool:
    """``self.<attr>`` is bound to a new empty collection by a top-level statement that runs
    before ``node`` in the same trace: earlier in the function itself, or in a caller on the
    chain before the call that leads here (``self._counts = Counter(); self._name_losses()``)."""
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        return False
    if any(_binds_afresh(statement, receiver) for statement in _run_before(node, traced.node)):
        return True  # in the function itself, also inside the loop or branch that holds ``node``
    line, current = node.lineno, traced
    while current is not None:
        for statement in getattr(current.node, "body", ()):
            if statement.lineno >= line:
                break
            if _binds_afresh(statement, receiver):
                return True
        if current.reason.kind != TraceKind.CALLED:
            return False
        line, current = current.reason.line, current.reason.via
    return False


def holds_existing_objects(stored: nodes.NodeNG | None) -> bool:
    """What is stored is state the object (or another) already holds, not a value of the trace:
    ``self.extra``, ``obj.lambdas``, ``[self.u_weights, self.col_weights]``."""
    if isinstance(stored, (nodes.List, nodes.Tuple)):
        return bool(stored.elts) and all(holds_existing_objects(elt) for elt in stored.elts)
    while isinstance(stored, nodes.Attribute):
        stored = stored.expr
        if isinstance(stored, nodes.Name):
            return True
    return False


def _binds_afresh(statement: nodes.NodeNG, receiver: nodes.NodeNG) -> bool:
    return isinstance(statement, nodes.Assign) and _is_fresh(statement.value) and any(
        isinstance(target, nodes.AssignAttr) and target.attrname == receiver.attrname
        and target.expr.as_string() == receiver.expr.as_string() for target in statement.targets)


def _run_before(node: nodes.NodeNG, function: nodes.NodeNG) -> Iterator[nodes.NodeNG]:
    """The statements of ``function`` that every path to ``node`` runs first: those before it in
    its own block and in each block around it (a loop body's earlier statements, per iteration)."""
    child = node
    while child is not None and child is not function:
        parent = child.parent
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and child in block:
                yield from block[:block.index(child)]
        child = parent


def emptied_later_in_trace(receiver: nodes.NodeNG, node: nodes.NodeNG, traced: TracedFunction) -> bool:
    """A top-level statement of the traced function after ``node`` empties ``self.<attr>``
    (``self.features_list.clear()``, ``del self.features_list[:]``, ``self.features_list = []``):
    every trace leaves the list as it found it, a scratch list used within the trace. The
    emptying itself counts when the function filled the list before it."""
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        return False
    spelled = receiver.as_string()
    body = list(getattr(traced.node, "body", ()))
    for position, statement in enumerate(body):
        if statement.end_lineno < node.lineno:
            continue
        if statement.lineno <= node.lineno and not any(
                isinstance(n, nodes.Attribute) and n.as_string() == spelled
                for earlier in body[:position] for n in earlier.nodes_of_class(nodes.Attribute)):
            continue  # ``node`` is in it: it is the emptying only after fills earlier in the function
        if isinstance(statement, nodes.Return):
            return False  # returns before any emptying below would run
        value = statement.value if isinstance(statement, nodes.Expr) else None
        if (isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute)
                and value.func.attrname == "clear" and not value.args and value.func.expr.as_string() == spelled):
            return True
        if isinstance(statement, nodes.Delete) and any(
                isinstance(t, nodes.Subscript) and t.value.as_string() == spelled and isinstance(t.slice, nodes.Slice)
                and t.slice.lower is None and t.slice.upper is None for t in statement.targets):
            return True
        if isinstance(statement, nodes.Assign) and _is_empty(statement.value) and any(
                isinstance(t, nodes.AssignAttr) and t.as_string() == spelled for t in statement.targets):
            return True
    return False


def _is_fresh(value: nodes.NodeNG) -> bool:
    """A collection made anew where it is evaluated: an empty one, or the new list a Keras layer
    or ``tf.Module`` gives on each read of its variable lists (``model.trainable_variables``)."""
    if literal_type(value) is not None and _is_empty(value):
        return True
    return isinstance(value, nodes.Attribute) and value.attrname in tf_api.FRESH_VARIABLE_LISTS


def _is_empty(value: nodes.NodeNG) -> bool:
    """``[]``, ``{}``, ``set()``, ``collections.Counter()``: a collection with nothing in it yet."""
    if isinstance(value, (nodes.List, nodes.Tuple, nodes.Set)):
        return not value.elts
    if isinstance(value, nodes.Dict):
        return not value.items
    return isinstance(value, nodes.Call) and not value.args and not value.keywords
