"""Python constants a value is shown to be, followed through names, ``self`` and constructors.

``keras.layers.Dropout(self.dropout)`` in a layer's ``call``: ``self.dropout`` is only ever set
from ``__init__``'s ``dropout=0.0``, and the module makes the layer once, without passing it
(KerasCV's CLIP attention): the rate is 0 wherever this module makes the layer. Such answers
rest on the constructions the module shows (another file may make the class with other
values), so the rules that ask use them to lower a finding, not to drop it.

Followed: literals (and ``-`` of them); a name every binding of which is a plain assignment of
the same constant, or a parameter; a parameter of ``__init__``, as every construction of the
class in the module passes it (or leaves it at its default), when the class is named nowhere
but in direct constructions (no subclass, no hand-over); ``self.attr`` when every assignment of
it in the class (and its class-body value) is the same constant. Anything else is unknown.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.call_sites import argument_for
from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.names import assigned_value, bindings, references

UNKNOWN = object()
_MAX_DEPTH = 6


def constant_value(expr: nodes.NodeNG | None, _depth: int = 0):
    """The Python constant ``expr`` is shown to be (see the module's docstring), else UNKNOWN."""
    if expr is None or _depth > _MAX_DEPTH:
        return UNKNOWN
    depth = _depth + 1
    if isinstance(expr, nodes.Const):
        return expr.value
    if isinstance(expr, nodes.UnaryOp) and expr.op == "-":
        value = constant_value(expr.operand, depth)
        return -value if type(value) in (int, float) else UNKNOWN
    if isinstance(expr, nodes.Name):
        return _agreed(_binding_value(binding, depth) for binding in bindings(expr, expr.name))
    if isinstance(expr, nodes.Attribute):
        cls = self_class(expr.expr)
        if cls is None:
            return UNKNOWN
        return _agreed(constant_value(value, depth) for value in attribute_values(cls, expr.attrname))
    return UNKNOWN


def _agreed(values) -> object:
    """The one value all of ``values`` are; UNKNOWN if any is unknown, they differ, or none."""
    found = UNKNOWN
    for value in values:
        if value is UNKNOWN or (found is not UNKNOWN and (type(value) is not type(found) or value != found)):
            return UNKNOWN
        found = value
    return found


def _binding_value(binding: nodes.NodeNG, depth: int):
    if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments):
        return _constructor_parameter_value(binding, depth)
    value = assigned_value(binding)
    return constant_value(value, depth) if value is not None else UNKNOWN


def _constructor_parameter_value(parameter: nodes.AssignName, depth: int):
    init = parameter.parent.parent
    cls = init.parent if isinstance(init, nodes.FunctionDef) and init.name == "__init__" else None
    if not isinstance(cls, nodes.ClassDef) or parameter.name in ("self", "cls"):
        return UNKNOWN
    uses = references(cls, cls.root())
    if not uses or any(not (isinstance(use.parent, nodes.Call) and use.parent.func is use) for use in uses):
        return UNKNOWN  # a base class, handed over or stored: constructions not all seen
    return _agreed(constant_value(argument_for(use.parent, init, parameter, constructs=True), depth)
                   for use in uses)
