"""Python scalars as the code spells them: number literals, and the type that joining two values
or applying an operator gives ("int", "float", "number", "bool", "str", or "value" for anything
else; "" for not yet known).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import call_qualname, unrebound_parameter
from tfgraph_lint.analysis.node_index import descendants


def join_scalar_types(first: str, second: str) -> str:
    if not first or first == second:
        return second
    if not second:
        return first
    if {first, second} <= {"int", "float", "number", "bool"}:
        return "number"
    return "value"


def binop_scalar_type(op: str, left: str, right: str) -> str:
    if "str" in (left, right):
        return "str" if op in ("+", "%", "*") else "value"
    if "value" in (left, right):
        return "value"
    if op in ("/", "@"):
        return "float" if op == "/" else "value"
    if "float" in (left, right):
        return "float"
    if {left, right} <= {"int", "bool", ""} and op != "**":
        return "int"
    return "number"


# Calls whose shape argument is the one at this position (or ``shape=``): ``tf.reshape(x, shape)``.
_SHAPE_POSITIONS = {"tensorflow.reshape": 1, "tensorflow.zeros": 0, "tensorflow.ones": 0, "tensorflow.fill": 0,
                    "tensorflow.random.normal": 0, "tensorflow.random.uniform": 0, "tensorflow.broadcast_to": 1}


def sizes_a_static_shape(fn: nodes.NodeNG, parameter: str) -> bool:
    """The function uses its parameter ``parameter`` (never rebinding it) in a shape it gives
    TensorFlow: ``tf.reshape(x, shape=(n,))``, ``tf.zeros([n, d])``, a distribution's
    ``sample_shape=(n,)`` (any keyword whose name ends in ``shape``). A Python number there is a
    static dimension (tensorflow/federated's sparse tutorial needs the keys' shape "statically
    determined"); a tensor would make the dimension unknown, so one graph per size is the design."""
    if not isinstance(fn, nodes.FunctionDef) or parameter not in {a.name for a in fn.args.arguments or ()}:
        return False
    for call in descendants(fn, nodes.Call):
        # ``shape=``, and TensorFlow Probability's ``sample_shape=``/``batch_shape=``/``event_shape=``
        shape = next((kw.value for kw in call.keywords or () if kw.arg and kw.arg.endswith("shape")), None)
        position = _SHAPE_POSITIONS.get(call_qualname(call) or "")
        if shape is None and position is not None and len(call.args) > position:
            shape = call.args[position]
        if shape is not None and any(isinstance(name, nodes.Name) and name.name == parameter
                                     and unrebound_parameter(name) for name in shape.nodes_of_class(nodes.Name)):
            return True
    return False
