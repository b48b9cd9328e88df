"""What a GradientTape's ``gradient``, ``jacobian`` and ``batch_jacobian`` return: tensors.

``grads = tape.jacobian(y, x)`` in a tf.function is a symbolic tensor, so ``np.squeeze(grads)``
there raises while tracing (calico/basenji squeezed a Jacobian with NumPy in a tf.function). The
method's name alone is no evidence (other libraries have a ``gradient``); the receiver must be
shown to be a tape: every binding of its name is ``with tf.GradientTape(...) as tape`` or
``tape = tf.GradientTape(...)``.

``batch_jacobian`` always returns one tensor. ``gradient`` and ``jacobian`` return the structure
of their sources: one tensor only when the sources are one, shown so by what made them (a
``tf.Variable(...)``, a variable attribute of the class, or a value shown to be a tensor); a
list of variables (``model.trainable_variables``) gives a list, which is not a tensor.
Confidence INFERENCE: an unconnected source gives None instead.
"""

from __future__ import annotations

from collections.abc import Callable

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, made_only_by_calls
from tfgraph_lint.analysis.variable_attributes import variable_attribute

_TAPES = frozenset({"tensorflow.GradientTape", "tensorflow.autodiff.GradientTape"})
_VARIABLE_CALLS = frozenset({"tensorflow.Variable"})
# method -> (position, keyword) of the sources whose structure the result takes; None: one tensor.
_METHODS = {"gradient": (1, "sources"), "jacobian": (1, "sources"), "batch_jacobian": None}


def tape_result(call: nodes.Call, is_one_tensor: Callable[[nodes.NodeNG], bool]) -> bool:
    """``call`` is ``tape.<method>(...)`` on a receiver shown to be a GradientTape, and returns
    one tensor. ``is_one_tensor`` says whether a sources expression is shown to be a tensor."""
    func = call.func
    if not (isinstance(func, nodes.Attribute) and func.attrname in _METHODS and is_tape(func.expr)):
        return False
    where = _METHODS[func.attrname]
    if where is None:
        return True
    position, keyword = where
    sources = call.args[position] if len(call.args) > position else next(
        (k.value for k in call.keywords or () if k.arg == keyword), None)
    if sources is None or isinstance(sources, (nodes.List, nodes.Tuple, nodes.Dict, nodes.Starred)):
        return False
    return (made_only_by_calls(sources, _VARIABLE_CALLS, max_depth=3) or variable_attribute(sources)
            or is_one_tensor(sources))


def is_tape(receiver: nodes.NodeNG) -> bool:
    """A name every binding of which makes a GradientTape (a ``with`` item's target, or an
    assignment of ``tf.GradientTape(...)``)."""
    if not isinstance(receiver, nodes.Name):
        return False
    found = bindings(receiver, receiver.name)
    return bool(found) and all(_makes_tape(binding) for binding in found)


def _makes_tape(binding: nodes.NodeNG) -> bool:
    if not isinstance(binding, nodes.AssignName):
        return False
    parent = binding.parent
    if isinstance(parent, nodes.With):
        return any(target is binding and isinstance(item, nodes.Call) and call_qualname(item) in _TAPES
                   for item, target in parent.items)
    value = assigned_value(binding)
    return isinstance(value, nodes.Call) and call_qualname(value) in _TAPES
