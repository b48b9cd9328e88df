"""``self.<name>`` that holds a variable: what the class binds the attribute to, read lexically.

A layer, metric or tf.Module keeps its state in variables made once (``self.total =
self.add_weight(...)``, ``self.alpha = tf.Variable(0.5)``). In graph code a comparison or
arithmetic with such an attribute is a tensor, as with a local ``tf.Variable``: ``if self.count
== 0:`` asks a symbolic tensor for a Python bool. TensorFlow 2.21 with Keras 3, in a layer's
``call`` and a metric's ``result`` (which Keras runs unconverted): "Using a symbolic `tf.Tensor`
as a Python `bool` is not allowed".

Evidence, all of it required: every binding of the attribute in its class (and the classes of the
module it derives from) is a call that makes a variable, ``tf.Variable(...)`` (and the Keras
backend's spellings) or ``self.add_weight(...)``/``self.add_variable(...)``, read where the
attribute is ``self.<name>`` of a method of that class. One binding to anything else (``None``
until ``build``, a number, a value read back) leaves the attribute unknown.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, class_and_bases, self_class
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import remembered

# Calls that make one variable per call (checked on TF 2.21 for tf.Variable and Keras's add_weight).
_VARIABLE_CALLS = frozenset({"tensorflow.Variable", "keras.Variable", "keras.backend.variable"})
_WEIGHT_METHODS = frozenset({"add_weight", "add_variable"})


def variable_attribute(expr: nodes.NodeNG) -> bool:
    """``expr`` is ``self.<name>`` in a method of a class that binds ``<name>`` only to variables."""
    if not isinstance(expr, nodes.Attribute):
        return False
    cls = self_class(expr.expr)
    if cls is None:
        return False
    memo = remembered(cls, "attributes holding variables")
    key = (cls, expr.attrname)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _holds_variables(cls, expr.attrname)
    return found


def _holds_variables(cls: nodes.ClassDef, name: str) -> bool:
    values = [value for klass in class_and_bases(cls) for value in attribute_values(klass, name)]
    return bool(values) and all(_makes_variable(value) for value in values)


def _makes_variable(value: nodes.NodeNG | None) -> bool:
    if not isinstance(value, nodes.Call):
        return False
    func = value.func
    if isinstance(func, nodes.Attribute) and func.attrname in _WEIGHT_METHODS:
        return self_class(func.expr) is not None  # the class's own add_weight, not another object's
    return call_qualname(value) in _VARIABLE_CALLS
