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

A truth test (``if self.bias:``) asks something else: whether the attribute holds a variable that
is not a bool, which raises wherever the variable exists, so a ``None`` binding (``self.bias =
None`` when ``use_bias`` is off) leaves the claim standing for the bindings that make one. TensorFlow
2.21: a Keras variable raises TypeError on ``bool()`` (eagerly too); in a tf.function, AutoGraph's
``if`` on a tf.Variable wants a ``tf.bool`` scalar (ValueError for a float) and, unconverted, Python
asks a symbolic tensor for its truth value. A variable whose dtype may be bool is left out.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, class_and_bases, self_class
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import remembered

# Calls that make one variable per call (checked on TF 2.21 for tf.Variable and Keras's add_weight).
_VARIABLE_CALLS = frozenset({"tensorflow.Variable", "keras.Variable", "keras.backend.variable"})
_WEIGHT_METHODS = frozenset({"add_weight", "add_variable"})


def variable_attribute(expr: nodes.NodeNG) -> bool:
    """``expr`` is ``self.<name>`` in a method of a class that binds ``<name>`` only to variables."""
    return _class_answer(expr, "attributes holding variables", _holds_variables)


def _class_answer(expr: nodes.NodeNG, label: str, answer) -> bool:
    """``answer(cls, name)`` for ``expr`` = ``self.<name>`` in a method of ``cls``, remembered per
    class; False for any other expression."""
    if not isinstance(expr, nodes.Attribute):
        return False
    cls = self_class(expr.expr)
    if cls is None:
        return False
    memo = remembered(cls, label)
    key = (cls, expr.attrname)
    found = memo.get(key)
    if found is None:
        found = memo[key] = answer(cls, expr.attrname)
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


def non_boolean_variable(expr: nodes.NodeNG) -> bool:
    """``expr`` is ``self.<name>`` of a class that binds ``<name>`` to variables that are not bools,
    or to None, and at least once to a variable: its truth test raises wherever it holds one."""
    return _class_answer(expr, "attributes holding non-bool variables or None", _holds_non_bool_variables)


def _holds_non_bool_variables(cls: nodes.ClassDef, name: str) -> bool:
    values = [leaf for klass in class_and_bases(cls) for value in attribute_values(klass, name)
              for leaf in _alternatives(value)]
    made = [value for value in values if not is_none(value)]
    return bool(made) and all(_makes_variable(value) and _not_bool(value) for value in made)


def _alternatives(value: nodes.NodeNG | None) -> list[nodes.NodeNG | None]:
    """``a if c else b`` binds a or b."""
    if isinstance(value, nodes.IfExp):
        return [*_alternatives(value.body), *_alternatives(value.orelse)]
    return [value]


# dtypes spelled so that they are surely not bool
_NUMERIC_DTYPES = frozenset({"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
                             "uint8", "uint16", "uint32", "uint64", "complex64", "complex128"})
# TensorFlow calls whose value is numeric unless a dtype says otherwise
_NUMERIC_MAKERS = frozenset({"tensorflow.zeros", "tensorflow.ones", "tensorflow.random.normal",
                             "tensorflow.random.uniform", "tensorflow.random.truncated_normal"})


def _not_bool(made: nodes.Call) -> bool:
    """The variable this call makes is shown not to be a bool: a numeric dtype, or none given where
    ``add_weight`` makes the layer's float one, or a numeric initial value of ``tf.Variable``."""
    dtype = _keyword(made, "dtype")
    if dtype is not None:
        spelled = dtype.value if isinstance(dtype, nodes.Const) else getattr(dtype, "attrname", None)
        return isinstance(spelled, str) and spelled in _NUMERIC_DTYPES
    if isinstance(made.func, nodes.Attribute) and made.func.attrname in _WEIGHT_METHODS:
        return True
    initial = made.args[0] if made.args else _keyword(made, "initial_value")
    if isinstance(initial, nodes.Const):
        return isinstance(initial.value, (int, float)) and not isinstance(initial.value, bool)
    return isinstance(initial, nodes.Call) and call_qualname(initial) in _NUMERIC_MAKERS


def _keyword(call: nodes.Call, name: str) -> nodes.NodeNG | None:
    return next((keyword.value for keyword in call.keywords or () if keyword.arg == name), None)
