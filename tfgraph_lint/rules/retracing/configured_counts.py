"""Counts a class is configured with: ``self.num_classes``, set in ``__init__`` from a parameter
whose default is a Python int.

``for c in range(self.num_classes):`` in a Keras metric's ``update_state`` or a layer's ``call``:
the count is a constructor argument, and constructor arguments of Keras objects are Python
numbers (they size weights, name layers, go into ``get_config()``). The module rarely shows the
constructions (users make the object in their own files), so the default is the evidence, and
what rests on it is INFERENCE. Anything else assigned to the attribute, anywhere in the class
(a tensor, a value computed in ``build``, an unknown), leaves the count unknown.
"""

from __future__ import annotations


from astroid import nodes
from astroid.exceptions import NoDefault

from tfgraph_lint.analysis.classes import self_attribute
from tfgraph_lint.analysis.constant_values import integer
from tfgraph_lint.analysis.keras_models import derives_from_keras_model
from tfgraph_lint.analysis.names import bindings, is_builtin_call, unrebound_parameter
from tfgraph_lint.core.records import Record


class ConfiguredCount(Record):
    __slots__ = ("attribute", "default")
    attribute: str  # "num_classes"
    default: int  # the smallest default or literal the class sets it to

    def __init__(self, attribute: str, default: int) -> None:
        self.attribute = attribute
        self.default = default


def configured_count(expr: nodes.NodeNG) -> ConfiguredCount | None:
    """``self.<attr>`` when every assignment of it in the class is an int literal or an unchanged
    parameter of the class's ``__init__`` (or a Keras model's ``compile``), or ``int()`` of one,
    whose default is an int literal."""
    found = self_attribute(expr)
    if found is None:
        return None
    cls, values = found
    if not values:
        return None
    found = []
    for value in values:
        number = integer(value) if isinstance(value, nodes.Const) else _init_default(value, cls)
        if number is None:
            return None
        found.append(number)
    return ConfiguredCount(expr.attrname, min(found))


def _init_default(value: nodes.NodeNG | None, cls: nodes.ClassDef) -> int | None:
    if is_builtin_call(value, "int") and len(value.args) == 1 and not value.keywords:
        value = value.args[0]  # ``self.n = int(n)``: the parameter's default, made an int
    if not unrebound_parameter(value):
        return None
    [parameter, *others] = bindings(value, value.name)
    arguments = parameter.parent
    init = arguments.parent
    if others or not (isinstance(init, nodes.FunctionDef) and init.parent is cls and _configures(init, cls)):
        return None
    try:
        return integer(arguments.default_value(parameter.name))
    except NoDefault:  # a required parameter says nothing of its kind
        return None


def _configures(method: nodes.FunctionDef, cls: nodes.ClassDef) -> bool:
    """The constructor, or a Keras model's ``compile``: both take the object's configuration
    (Keras keeps ``compile``'s arguments in its compile config), once, before anything is traced."""
    return method.name == "__init__" or (method.name == "compile" and derives_from_keras_model(cls))
