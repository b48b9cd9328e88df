"""An attribute that holds a variable, rebound in graph code to a value computed from it.

``self.moving_mean = self.moving_mean * momentum + mean * (1 - momentum)`` in a layer's ``call``,
where the class only ever makes ``self.moving_mean`` a variable (``tf.Variable(...)``,
``self.add_weight(...)``, ``K.variable(...)``): arithmetic on a variable gives a tensor, so the
statement does not update the variable but replaces it, on the object, with a symbolic tensor of
the trace. The variable keeps its first value on every call, and the next trace reads a tensor of
another graph (TypeError on TF 2.21: the tensor is out of scope). ``self.v.assign(...)`` is the
update meant.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.state_creation import WEIGHT_METHODS

# Calls that make a variable (a tf.Variable, tf.keras' K.variable).
_VARIABLE_CALLS = frozenset({"tensorflow.Variable", "keras.backend.variable"})
# Operators whose result on a variable is a new tensor, not the variable.
_ARITHMETIC = (nodes.BinOp, nodes.UnaryOp)


def variable_replaced_by_tensor(statement: nodes.NodeNG, target: nodes.AssignAttr, cls: nodes.ClassDef) -> bool:
    """``statement``, a plain assignment, binds arithmetic (a new tensor, whether or not it reads
    the old value) to ``target``, an attribute the class otherwise only sets to a newly made variable."""
    if not isinstance(statement, (nodes.Assign, nodes.AnnAssign)) or not isinstance(statement.value, _ARITHMETIC):
        return False
    values = [value for value in attribute_values(cls, target.attrname) if value is not statement.value]
    return bool(values) and all(_makes_variable(value) for value in values)


def _makes_variable(value: nodes.NodeNG | None) -> bool:
    if not isinstance(value, nodes.Call):
        return False
    if isinstance(value.func, nodes.Attribute) and value.func.attrname in WEIGHT_METHODS:
        return True
    return call_qualname(value) in _VARIABLE_CALLS
