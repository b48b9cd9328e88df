"""A Python list or tuple in graph code that holds a tensor.

``losses = []; ...; losses.append([loss, penalty]); np.mean(np.array(losses))``: the list is
Python, but NumPy converts every item of it, and a symbolic tensor cannot become an array (TF
2.21 raises NotImplementedError "Cannot convert a symbolic tf.Tensor to a numpy array"). One
item shown a tensor is enough for that.

Evidence: a list or tuple literal with an item that tensor evidence shows to be a tensor (or a
literal holding one); or a name every binding of which, in the function that uses it, is such a
literal (``[]`` included), together with what the function adds to it before the use with
``.append(x)``, ``.insert(i, x)``, ``.extend([...])`` or ``+= [...]``. A name bound any other way
(a parameter, a call's result, a comprehension) is not followed: its items are not shown.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.core.findings import HIGH, INFERENCE

_MAX_DEPTH = 3
_LITERALS = (nodes.List, nodes.Tuple)


def held_tensor(expr: nodes.NodeNG, evidence, _depth: int = 0) -> str | None:
    """HIGH or INFERENCE when the list or tuple ``expr`` holds a tensor (``evidence``: the
    module's TensorEvidence, asked of each item), None when that is not shown."""
    if _depth > _MAX_DEPTH:
        return None
    if isinstance(expr, _LITERALS):
        return _strongest(_item(item, evidence, _depth) for item in expr.elts)
    if isinstance(expr, nodes.Name):
        return _built_list(expr, evidence, _depth)
    return None


def _item(item: nodes.NodeNG, evidence, depth: int) -> str | None:
    if isinstance(item, nodes.Starred):
        item = item.value
    found = evidence.of(item)
    return found if found is not None else held_tensor(item, evidence, depth + 1)


def _built_list(name: nodes.Name, evidence, depth: int) -> str | None:
    """A name bound only to list or tuple literals in the function that reads it, with the items
    that function adds to it before the read."""
    frame = name.frame()
    found = [b for b in bindings(name, name.name) if not _extends(b)]
    literals = [_literal(b) if isinstance(b, nodes.AssignName) and b.frame() is frame else None for b in found]
    if not literals or None in literals:
        return None
    levels = [held_tensor(literal, evidence, depth + 1) for literal in literals]
    for added in added_items(frame, name):
        levels.append(_item(added, evidence, depth))
    return _strongest(levels)


def _literal(binding: nodes.AssignName) -> nodes.NodeNG | None:
    """The list or tuple literal a binding gives its name: ``x = []``, or ``a, x = [], []``."""
    value = assigned_value(binding)
    return value if isinstance(value, _LITERALS) else None


def _extends(binding: nodes.NodeNG) -> bool:
    """``x += [...]``: a binding that adds to the list (see ``added_items``)."""
    parent = binding.parent
    return (isinstance(parent, nodes.AugAssign) and parent.target is binding and parent.op == "+="
            and isinstance(parent.value, _LITERALS))


def added_items(frame: nodes.NodeNG, name: nodes.Name) -> list[nodes.NodeNG]:
    """What ``frame`` adds to the list ``name`` before the line that reads it: the items of
    ``.append(x)``, ``.insert(i, x)``, ``.extend([...])`` and ``+= [...]`` on that name in the
    frame itself (a nested def's local of the same name is another list)."""
    return [item for line, item in _additions(frame).get(name.name, ()) if line <= name.lineno]


def _additions(frame: nodes.NodeNG) -> dict[str, list[tuple[int, nodes.NodeNG]]]:
    """Per list name of ``frame``: (line, item) for each item the frame adds to it. One walk per
    frame: asked for every name the trace-time and per-call evaluators meet."""
    memo = remembered(frame, "items added to lists")
    found = memo.get(frame)
    if found is not None:
        return found
    found = memo[frame] = {}
    for call in descendants(frame, nodes.Call):
        func = call.func
        if not (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name)
                and func.expr.frame() is frame):
            continue
        items = []
        if func.attrname == "append" and len(call.args) == 1:
            items = [call.args[0]]
        elif func.attrname == "insert" and len(call.args) == 2:
            items = [call.args[1]]
        elif func.attrname == "extend" and len(call.args) == 1 and isinstance(call.args[0], _LITERALS):
            items = call.args[0].elts
        found.setdefault(func.expr.name, []).extend((call.lineno, item) for item in items)
    for statement in descendants(frame, nodes.AugAssign):
        target = statement.target
        if (statement.op == "+=" and isinstance(target, nodes.AssignName) and target.frame() is frame
                and isinstance(statement.value, _LITERALS)):
            found.setdefault(target.name, []).extend((statement.lineno, item) for item in statement.value.elts)
    return found


def _strongest(levels) -> str | None:
    found = [level for level in levels if level is not None]
    if not found:
        return None
    return HIGH if HIGH in found else INFERENCE
