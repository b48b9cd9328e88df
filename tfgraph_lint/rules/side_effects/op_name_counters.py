"""Counters that only make op names unique: read only where a string is a name.

``self._calls += 1`` whose every read is ``name=f"call_{self._calls}"`` or a ``tf.name_scope``
counts traces on purpose: the value never reaches a tensor, a return value or eager code, so its
changing once per trace changes no result (TFG105 says so at LOW).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import descendants


# Where a string is a name and nothing else: a ``name=`` argument, or TensorFlow's name scopes.
_NAMING_CALLS = frozenset({"tensorflow.name_scope", "tensorflow.compat.v1.name_scope",
                           "tensorflow.compat.v1.variable_scope"})


def only_names_ops(cls: nodes.ClassDef, attrname: str, update: nodes.NodeNG) -> bool:
    """Every read of the attribute, apart from its updates, is formatted into a string that is
    only used as a name (``name=f"call_{self._calls}"``, ``tf.name_scope(...)``): the value never
    reaches a tensor, a return value or eager code, so its changing per trace changes no result."""
    reads = [node for node in descendants(cls, nodes.Attribute)
             if node.attrname == attrname and self_class(node.expr) is cls and not _in_update(node, attrname)]
    return bool(reads) and all(_formatted_into_name(read) for read in reads)


def _in_update(node: nodes.NodeNG, attrname: str) -> bool:
    statement = node.statement()
    if isinstance(statement, nodes.AugAssign):
        return isinstance(statement.target, nodes.AssignAttr) and statement.target.attrname == attrname
    return isinstance(statement, nodes.Assign) and any(
        isinstance(t, nodes.AssignAttr) and t.attrname == attrname for t in statement.targets)


def _formatted_into_name(read: nodes.NodeNG) -> bool:
    node, formatted = read, False
    while not node.is_statement and node.parent is not None:
        parent = node.parent
        if isinstance(parent, (nodes.FormattedValue, nodes.JoinedStr)) or _formats(parent, node):
            formatted = True
        elif isinstance(parent, nodes.Keyword):
            return formatted and parent.arg == "name"
        elif isinstance(parent, nodes.Call):
            return formatted and node is not parent.func and call_qualname(parent) in _NAMING_CALLS
        elif isinstance(parent, nodes.Assign):
            return formatted and parent.value is node and _local_only_names(parent)
        elif not isinstance(parent, nodes.BinOp):
            return False
        node = parent
    return False


def _formats(parent: nodes.NodeNG, node: nodes.NodeNG) -> bool:
    """``"call_{}".format(node)`` or ``"call_%d" % node``."""
    if isinstance(parent, nodes.Call):
        return isinstance(parent.func, nodes.Attribute) and parent.func.attrname == "format" and node is not parent.func
    return (isinstance(parent, nodes.BinOp) and parent.op == "%" and node is parent.right
            and isinstance(parent.left, nodes.Const) and isinstance(parent.left.value, str))


def _local_only_names(assign: nodes.Assign) -> bool:
    """``name = f"call_{self._calls}"`` whose every use is itself only a name."""
    targets = [t for t in assign.targets if isinstance(t, nodes.AssignName)]
    if len(targets) != 1 or len(assign.targets) != 1:
        return False
    name = targets[0].name
    scope = assign.scope()
    uses = [n for n in descendants(scope, nodes.Name) if n.name == name and n.lineno >= assign.lineno]
    return bool(uses) and all(_used_as_name(use) for use in uses)


def _used_as_name(use: nodes.Name) -> bool:
    parent = use.parent
    if isinstance(parent, nodes.Keyword):
        return parent.arg == "name"
    return isinstance(parent, nodes.Call) and use is not parent.func and call_qualname(parent) in _NAMING_CALLS
