"""Globals that a traced function uses as scratch of its own trace.

``global ux; ux = tape.gradient(u, x)`` in a tf.function, where nothing but that function reads
``ux``, below the binding, or hands it to ``eval``/``exec`` there (solvers of user-written
equations evaluate them with the derivatives bound as globals): each trace reads the value it set
itself, and no code sees the one left behind. TFG105 weighs this as a reason for less confidence
(LOW), never for silence: another file may import the name.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import declaration, is_builtin_call, lookup
from tfgraph_lint.analysis.node_index import descendants


def read_in_the_same_trace_only(statement: nodes.NodeNG, target: nodes.AssignName) -> bool:
    """``global g; g = f(x)`` (its old value unread) where every read of the module's ``g`` is in
    the same function, below its first binding there, and there is one, or the function runs
    ``eval``/``exec`` (names handed to the evaluated text that way, as solvers of user equations
    do): each trace reads the value it set, and no code sees the one left behind. A global that
    nothing in the module reads is kept for other code: reported. (Another file importing ``g``
    is not seen: LOW, not silence.)"""
    fn = target.scope()
    if (not isinstance(statement, (nodes.Assign, nodes.AnnAssign)) or declaration(fn, target.name) != "global"
            or any(name.name == target.name for name in statement.value.nodes_of_class(nodes.Name))):
        return False
    module = fn.root()
    first = min(binding.lineno for binding in descendants(fn, nodes.AssignName) if binding.name == target.name)
    read = False
    for name in descendants(module, nodes.Name):
        if name.name != target.name or lookup(name, target.name)[0] is not module:
            continue
        if name.scope() is not fn or name.lineno <= first:
            return False
        read = True
    return read or any(is_builtin_call(call, "eval") or is_builtin_call(call, "exec")
                       for call in descendants(fn, nodes.Call) if call.lineno > first)
