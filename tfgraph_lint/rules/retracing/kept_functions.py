"""Where a Function made in a loop goes: the name it is bound to, and whether it is kept per item.

``fns[name] = tf.function(f)``, ``fns.append(tf.function(f))`` or a comprehension's element makes
one Function per item on purpose (each traced for its own item), which TFG302 does not judge.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.function_creations import Creation
from tfgraph_lint.analysis.node_index import descendants

# Methods that put their argument into a collection: the Function is kept, one per item.
_STORING_METHODS = frozenset({"append", "add", "insert", "extend", "appendleft", "setdefault", "update"})


def kept_per_item(creation: Creation, loop: nodes.NodeNG) -> bool:
    """The new Function is stored per item (``fns[k] = ...``, ``fns.append(...)``, a
    comprehension's element) and not called in the loop that makes it."""
    if not creation.is_def and _stored_expression(creation.value):
        return True
    name = bound_name(creation)
    if name is None:
        return False
    uses = [n for n in descendants(loop, nodes.Name) if n.name == name and n.lineno >= creation.value.lineno]
    if any(isinstance(use.parent, nodes.Call) and use.parent.func is use for use in uses):
        return False
    return any(_stored_expression(use) for use in uses)


def bound_name(creation: Creation) -> str | None:
    if creation.is_def:
        return creation.value.name
    assign = creation.value.parent
    if isinstance(assign, nodes.Assign) and assign.value is creation.value and len(assign.targets) == 1:
        target = assign.targets[0]
        if isinstance(target, nodes.AssignName):
            return target.name
    return None


def _stored_expression(expr: nodes.NodeNG) -> bool:
    """``expr`` ends up in a collection or under a key: kept, one per item."""
    parent = expr.parent
    if isinstance(parent, nodes.Assign) and parent.value is expr:
        return any(isinstance(target, nodes.Subscript) for target in parent.targets)
    if isinstance(parent, nodes.Call) and expr in parent.args:
        func = parent.func
        if isinstance(func, nodes.Attribute) and func.attrname in _STORING_METHODS:
            return True
        return isinstance(func, nodes.Name) and func.name == "setattr"
    if isinstance(parent, (nodes.List, nodes.Tuple, nodes.Set)):
        return True
    if isinstance(parent, nodes.Dict):
        return any(value is expr for _, value in parent.items)
    if isinstance(parent, (nodes.ListComp, nodes.SetComp, nodes.GeneratorExp)):
        return parent.elt is expr
    if isinstance(parent, nodes.DictComp):
        return parent.value is expr
    return False
