"""Branches that graph code's tensors never take: ``if not isinstance(x, tf.Tensor):``.

In traced code a value that is a tensor is a symbolic ``tf.Tensor``, so the body of ``if not
isinstance(x, tf.Tensor):`` (or the else of ``if isinstance(x, tf.Tensor):``) runs only for the
other kinds of value the code also accepts: a NumPy array, a Python number, a variable (shape of
tensorflow/graphics' centernet_vid.py, which logs ``loss.numpy()`` only for a loss that is not a
tensor). The body of ``if isinstance(x, np.ndarray):`` is such a branch too. What happens there
is no hazard of tensors; rules report it at LOW at most.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import is_builtin_call, qualified_name

_TENSOR_TYPES = frozenset({"tensorflow.Tensor", "tensorflow.python.framework.tensor.Tensor"})


def in_non_tensor_branch(node: nodes.NodeNG, name: str | None = None) -> bool:
    """``node`` is in such a branch (up to its function), for the value named ``name`` when given."""
    fn = node.frame()
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if isinstance(parent, nodes.If) and child is not parent.test:
            test, negated = parent.test, False
            if isinstance(test, nodes.UnaryOp) and test.op == "not":
                test, negated = test.operand, True
            tested = _tensor_check(test)
            if tested is not None and (name is None or tested == name):
                return (child in parent.body) == negated
            if _numpy_check(test) and not negated and child in parent.body:
                return True  # ``if isinstance(x, np.ndarray): return img.numpy()``
        child, parent = parent, parent.parent
    return False


def _tensor_check(test: nodes.NodeNG) -> str | None:
    """The name ``isinstance(name, tf.Tensor)`` asks about; None for any other test."""
    tested = _isinstance_of(test, _TENSOR_TYPES)
    return tested.name if isinstance(tested, nodes.Name) else None


_NUMPY_TYPES = frozenset({"numpy.ndarray", "numpy.generic"})


def _numpy_check(test: nodes.NodeNG) -> bool:
    """``isinstance(x, np.ndarray)``: its body runs for NumPy input, which traced code's values,
    tensors, are not (tf_keras' ``smart_resize`` returns ``img.numpy()`` only for NumPy input)."""
    return _isinstance_of(test, _NUMPY_TYPES) is not None


def _isinstance_of(test: nodes.NodeNG, types: frozenset[str]) -> nodes.NodeNG | None:
    """What ``isinstance(value, T)`` asks about, when ``T`` is one of ``types``."""
    if is_builtin_call(test, "isinstance") and len(test.args) == 2 and qualified_name(test.args[1]) in types:
        return test.args[0]
    return None
