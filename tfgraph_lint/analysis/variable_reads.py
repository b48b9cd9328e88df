"""``v.read_value()`` of a receiver shown to be a variable: a tensor, the variable's value.

The method's name alone is no evidence (sensor drivers and parsers have a ``read_value`` too);
the receiver must be shown to be a variable: ``self.<name>`` that its class binds only to
variables (variable_attributes), a name made by ``tf.Variable(...)``, or a receiver the same
function also updates with a variable's ``assign``/``assign_add``/``assign_sub`` (``gen.stage.assign(s)``
then ``gen.stage.read_value()``: the two halves of TensorFlow's variable API on one object).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import made_only_by_calls
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.variable_attributes import variable_attribute

READ_METHODS = frozenset({"read_value"})
_UPDATE_METHODS = frozenset({"assign", "assign_add", "assign_sub"})
_VARIABLE_CALLS = frozenset({"tensorflow.Variable"})


def reads_variable(call: nodes.Call) -> bool:
    """``call`` is ``<receiver>.read_value()`` on a receiver shown to be a variable."""
    func = call.func
    if not (isinstance(func, nodes.Attribute) and func.attrname in READ_METHODS) or call.args or call.keywords:
        return False
    receiver = func.expr
    if variable_attribute(receiver) or made_only_by_calls(receiver, _VARIABLE_CALLS, max_depth=3):
        return True
    if not isinstance(receiver, (nodes.Name, nodes.Attribute)):
        return False
    spelled = receiver.as_string()
    return any(isinstance(other.func, nodes.Attribute) and other.func.attrname in _UPDATE_METHODS
               and other.func.expr.as_string() == spelled
               for other in descendants(call.frame(), nodes.Call))
