"""Loops whose body changes the shape of a tensor it carries: only an unrolled loop can do that.

``for _ in range(n): x = tf.expand_dims(x, axis=0)`` adds an axis per iteration, and ``for i in
range(2, lags + 1): x = tf.concat([x, lagged(i)], axis=-1)`` widens the last one
(analysis/grown_tensors). A ``tf.while_loop`` needs each loop variable to keep its shape from one
iteration to the next (its shape invariant), so the ``tf.range`` loop TFG303 would suggest fails
to trace (TFG209's hazard); the Python loop that runs while tracing is the code's design, not a
graph that grows by accident.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.grown_tensors import grown_name
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.statement_flow import own_statement_nodes

# TensorFlow functions whose result has another rank than their first argument.
_RANK_CHANGING = frozenset({
    "tensorflow.expand_dims", "tensorflow.squeeze", "tensorflow.compat.v1.expand_dims",
    "tensorflow.compat.v1.squeeze", "tensorflow.experimental.numpy.expand_dims",
})


def changes_carried_shape(loop: nodes.For) -> str | None:
    """The name of a tensor that ``loop``'s body rebinds to itself with an axis added or removed
    (``x = tf.expand_dims(x, 0)``, ``x = x[..., None]``, ``x = tf.squeeze(x, -1)``) or joined with
    more (``x = tf.concat([x, y], -1)``); None."""
    for assign in own_statement_nodes(loop.body):  # not a function defined in the loop
        if not (isinstance(assign, nodes.Assign) and len(assign.targets) == 1
                and isinstance(assign.targets[0], nodes.AssignName)):
            continue
        if _rank_changed(assign.value, assign.targets[0].name) or grown_name(assign) is not None:
            return assign.targets[0].name
    return None


def _rank_changed(value: nodes.NodeNG, name: str) -> bool:
    if isinstance(value, nodes.Call):
        return (bool(value.args) and _is_name(value.args[0], name)
                and call_qualname(value) in _RANK_CHANGING)
    if isinstance(value, nodes.Subscript) and _is_name(value.value, name):
        index = value.slice
        parts = index.elts if isinstance(index, nodes.Tuple) else [index]
        return any(_new_axis(part) for part in parts)
    return False


def _new_axis(part: nodes.NodeNG) -> bool:
    """``None`` or ``tf.newaxis``/``np.newaxis`` as an index."""
    return is_none(part) or isinstance(part, nodes.Attribute) and part.attrname == "newaxis"


def _is_name(node: nodes.NodeNG, name: str) -> bool:
    return isinstance(node, nodes.Name) and node.name == name
