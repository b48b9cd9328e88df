"""Loops whose body changes the rank of a tensor it carries: only an unrolled loop can do that.

``for _ in range(n): x = tf.expand_dims(x, axis=1)`` adds one axis per iteration. A
``tf.while_loop`` needs every loop variable to keep its shape from one iteration to the next
(a rank that grows fails while tracing: "... has shape (None, 1) before the loop, but shape
(None, 1, 1) after one iteration"), so ``tf.range`` would break the code: the Python loop is the
only way to write it, and its count is a difference of ranks, static and small.

Shown by an assignment in the body that rebinds a name to itself with an axis added or removed:
``tf.expand_dims(x, ...)``, ``tf.squeeze(x, ...)``, or ``x[None]`` / ``x[:, tf.newaxis]``.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import call_qualname, qualified_name

# TensorFlow functions that return their first argument with one axis more or fewer.
_RANK_CHANGING = frozenset({
    "tensorflow.expand_dims", "tensorflow.squeeze", "tensorflow.compat.v1.expand_dims",
    "tensorflow.compat.v1.squeeze", "tensorflow.compat.v2.expand_dims", "tensorflow.compat.v2.squeeze",
})
_NEW_AXIS = frozenset({"tensorflow.newaxis", "numpy.newaxis"})


def changes_rank(loop: nodes.For) -> bool:
    """``loop``'s own body rebinds a name to that name's tensor with an axis added or removed."""
    for statement in loop.body:
        for assign in _own_assignments(statement):
            target = assign.targets[0] if len(assign.targets) == 1 else None
            if isinstance(target, nodes.AssignName) and _reshapes(assign.value, target.name):
                return True
    return False


def _own_assignments(statement: nodes.NodeNG):
    """The ``name = value`` statements of ``statement``, not those of functions defined in it."""
    if isinstance(statement, nodes.Assign):
        yield statement
    if isinstance(statement, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
        return
    for child in statement.get_children():
        yield from _own_assignments(child)


def _reshapes(value: nodes.NodeNG, name: str) -> bool:
    if isinstance(value, nodes.Call) and value.args and _is_name(value.args[0], name):
        return call_qualname(value) in _RANK_CHANGING
    if isinstance(value, nodes.Subscript) and _is_name(value.value, name):
        index = value.slice
        parts = index.elts if isinstance(index, nodes.Tuple) else [index]
        return any(_new_axis(part) for part in parts)
    return False


def _new_axis(part: nodes.NodeNG) -> bool:
    if isinstance(part, nodes.Const) and part.value is None:
        return True
    if isinstance(part, nodes.Attribute) and part.attrname == "newaxis":
        return qualified_name(part) in _NEW_AXIS
    return False


def _is_name(expr: nodes.NodeNG, name: str) -> bool:
    return isinstance(expr, nodes.Name) and expr.name == name
