"""Tensors a statement grows: ``x = tf.concat([x, y], 0)`` rebinds ``x`` to itself joined with more.

A loop that runs such a statement changes the carried tensor's shape on every iteration, which a
``tf.while_loop`` cannot carry without declared shape invariants: TFG209 reports it in loops
AutoGraph converts, and TFG303 leaves a Python loop doing it unrolled, as it must be.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import call_qualname

# Calls whose first argument is a list of tensors joined into one.
_JOINING = frozenset({
    "tensorflow.concat", "tensorflow.stack",
    "tensorflow.experimental.numpy.concatenate", "tensorflow.experimental.numpy.vstack",
    "tensorflow.experimental.numpy.hstack", "tensorflow.experimental.numpy.stack",
})
# Calls whose first argument is the tensor that grows.
_APPENDING = frozenset({"tensorflow.experimental.numpy.append"})


def grown_name(assign: nodes.Assign) -> tuple[nodes.AssignName, nodes.Call] | None:
    """``x = tf.concat([x, y], 0)``: the target ``x`` and the call, when the call joins ``x``."""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0], nodes.AssignName):
        return None
    target, value = assign.targets[0], assign.value
    if not isinstance(value, nodes.Call) or not value.args:
        return None
    name = call_qualname(value)
    first = value.args[0]
    if name in _JOINING and isinstance(first, (nodes.List, nodes.Tuple)):
        joined = first.elts
    elif name in _APPENDING:
        joined = [first]
    else:
        return None
    if any(isinstance(element, nodes.Name) and element.name == target.name for element in joined):
        return target, value
    return None
