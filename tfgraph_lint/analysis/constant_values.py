"""What constant an expression is: the one evaluator every rule asks (``constant``).

How far it follows an expression is the caller's choice (``Follow``): the literal alone
(``3``, ``-0.5``, ``+1``, and with ``collections`` a literal list, tuple or dict of them); a name
bound once to one (``NUM_STEPS = 8``); or every binding of a name, ``self`` attribute or
constructor parameter agreeing, as below.

``keras.layers.Dropout(self.dropout)`` in a layer's ``call``: ``self.dropout`` is only ever set
from ``__init__``'s ``dropout=0.0``, and the module makes the layer once, without passing it
(KerasCV's CLIP attention): the rate is 0 wherever this module makes the layer. Such answers
rest on the constructions the module shows (another file may make the class with other
values), so the rules that ask use them to lower a finding, not to drop it.

Followed: literals (and ``-`` of them); a name every binding of which is a plain assignment of
the same constant, or a parameter; a parameter of ``__init__``, as every construction of the
class in the module passes it (or leaves it at its default), when the class is named nowhere
but in direct constructions (no subclass, no hand-over), and as every construction in the other
files of the project passes it, when the project view sees them all (analysis/class_constructions:
a layer made only in another file); ``self.attr`` when every assignment of it in the class (and
its class-body value) is the same constant. Anything else is unknown.
"""

from __future__ import annotations

import enum

from astroid import nodes

from tfgraph_lint.analysis.class_constructions import argument_in_shape, shapes_made_elsewhere
from tfgraph_lint.analysis.passed_arguments import argument_for, argument_for_default
from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.names import assigned_value, bindings, is_builtin_call, references
from tfgraph_lint.analysis.node_index import descendants, remembered

UNKNOWN = object()
_MAX_DEPTH = 6
# The constants a literal spells (complex numbers and ``...`` are not followed).
_CONSTANT_TYPES = (bool, int, float, str, bytes, type(None))


class Follow(enum.Enum):
    """How far ``constant`` follows an expression beyond its own literal."""

    LITERAL = "the literal alone"
    ONE_BINDING = "a name bound once"
    EVERY_BINDING = "names, self attributes and constructor parameters whose every binding agrees"


def constant(expr: nodes.NodeNG | None, follow: Follow = Follow.EVERY_BINDING, collections: bool = False,
             _depth: int = 0) -> object:
    """The Python constant ``expr`` is shown to be, else UNKNOWN. With ``collections``, a literal
    list, tuple or dict of constants is ``("List" | "Tuple", items)`` or ``("Dict", pairs)``."""
    if expr is None or _depth > _MAX_DEPTH:
        return UNKNOWN
    depth = _depth + 1
    if isinstance(expr, nodes.Const):
        return expr.value if isinstance(expr.value, _CONSTANT_TYPES) else UNKNOWN
    if isinstance(expr, nodes.UnaryOp) and expr.op in ("-", "+"):
        value = constant(expr.operand, follow, collections, depth)
        if type(value) not in (int, float):
            return UNKNOWN  # bools are switches: ``-True`` is not followed
        return -value if expr.op == "-" else value
    if collections and isinstance(expr, (nodes.List, nodes.Tuple)):
        items = tuple(constant(element, follow, collections, depth) for element in expr.elts)
        return UNKNOWN if UNKNOWN in items else (type(expr).__name__, items)
    if collections and isinstance(expr, nodes.Dict):
        pairs = []
        for key, value in expr.items:
            if isinstance(key, nodes.DictUnpack):
                return UNKNOWN
            pair = (constant(key, follow, collections, depth), constant(value, follow, collections, depth))
            if UNKNOWN in pair:
                return UNKNOWN
            pairs.append(pair)
        return ("Dict", tuple(pairs))
    if follow is Follow.ONE_BINDING and isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        return constant(assigned_value(found[0]), follow, collections, depth) if len(found) == 1 else UNKNOWN
    if follow is Follow.EVERY_BINDING and isinstance(expr, nodes.Name):
        return agreed(_binding_value(binding, depth) for binding in bindings(expr, expr.name))
    if follow is Follow.EVERY_BINDING and isinstance(expr, nodes.Attribute):
        cls = self_class(expr.expr)
        if cls is None:
            return UNKNOWN
        return agreed(constant(value, follow, _depth=depth) for value in attribute_values(cls, expr.attrname))
    return UNKNOWN


def unset_attribute_default(name: nodes.Name) -> object:
    """The default of ``name = getattr(self, "option", None)``, the name's one binding, when no
    code of the module sets ``option`` on anything (no ``x.option = ...``, no ``setattr``) and the
    class's body does not define it: the value every object the module makes reads; UNKNOWN
    otherwise (what other files set is not seen: a finding it decides is LOW, not silent)."""
    found = bindings(name, name.name)
    value = assigned_value(found[0]) if len(found) == 1 else None
    if not (is_builtin_call(value, "getattr") and len(value.args) == 3 and not value.keywords
            and isinstance(value.args[1], nodes.Const) and isinstance(value.args[1].value, str)):
        return UNKNOWN
    cls = self_class(value.args[0])
    attrname = value.args[1].value
    module = value.root()
    if cls is None or attribute_values(cls, attrname) or any(
            target.attrname == attrname for target in descendants(module, nodes.AssignAttr)) or any(
            is_builtin_call(call, "setattr") for call in descendants(module, nodes.Call)):
        return UNKNOWN
    return constant(value.args[2])


def number(expr: nodes.NodeNG | None, follow: Follow = Follow.LITERAL) -> int | float | None:
    """The int or float ``expr`` is shown to be (``constant``), else None: bools are mode
    switches, not numbers."""
    value = constant(expr, follow)
    return value if type(value) in (int, float) else None


def integer(expr: nodes.NodeNG | None, follow: Follow = Follow.LITERAL) -> int | None:
    """The int ``expr`` is shown to be (``constant``), else None (a bool is not one)."""
    value = constant(expr, follow)
    return value if type(value) is int else None


def is_none(node: nodes.NodeNG | None) -> bool:
    """The literal ``None``."""
    return isinstance(node, nodes.Const) and node.value is None


def agreed(values) -> object:
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
    return constant(value, _depth=depth) if value is not None else UNKNOWN


def _constructor_parameter_value(parameter: nodes.AssignName, depth: int):
    init = parameter.parent.parent
    cls = init.parent if isinstance(init, nodes.FunctionDef) and init.name == "__init__" else None
    if not isinstance(cls, nodes.ClassDef) or parameter.name in ("self", "cls"):
        return UNKNOWN
    # ``super(Cls, self)`` names the class to look up its bases: no construction.
    uses = [use for use in references(cls, cls.root()) if not (
        isinstance(use.parent, nodes.Call) and use.parent.args and use.parent.args[0] is use
        and is_builtin_call(use.parent, "super"))]
    if any(not (isinstance(use.parent, nodes.Call) and use.parent.func is use) for use in uses):
        return UNKNOWN  # a base class, handed over or stored: constructions not all seen
    elsewhere = made_in_other_files(cls)
    if elsewhere is None or not (uses or elsewhere):
        return UNKNOWN
    return agreed([*(constant(argument_for(use.parent, init, parameter, constructs=True), _depth=depth)
                      for use in uses),
                    *(_shape_value(shape, init, parameter, depth) for shape in elsewhere)])


def made_in_other_files(cls: nodes.ClassDef) -> list | None:
    """The shapes of the constructions of ``cls`` in other files of the project, as the project
    view tells its module (analysis/class_constructions): [] when none is told of (no other file
    names it, or no view), None when they are not all seen."""
    module = cls.parent
    if not isinstance(module, nodes.Module):
        return []  # a nested class: only its module can name it
    return shapes_made_elsewhere(remembered(module, "project definitions").get(module), cls.name)


def _shape_value(shape: list, init: nodes.FunctionDef, parameter: nodes.AssignName, depth: int):
    """What one construction in another file passes for ``parameter``: the literal it is, else
    UNKNOWN; its default when it leaves it out."""
    positional = [*(init.args.posonlyargs or ()), *(init.args.args or ())][1:]  # ``self`` is bound
    position = next((i for i, p in enumerate(positional) if p is parameter), None)
    argument = argument_in_shape(shape, position, parameter.name)
    if argument is None:
        return constant(argument_for_default(init, parameter), _depth=depth)
    return argument[0] if argument and isinstance(argument[0], _CONSTANT_TYPES) else UNKNOWN


# Integer arithmetic a loop bound is written with (``2 * k - 1``, ``n // 2 + 1``).
_INT_OPERATORS = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "//": lambda a, b: a // b if b else None, "%": lambda a, b: a % b if b else None,
}


def folded_integer(expr: nodes.NodeNG | None, follow: Follow = Follow.ONE_BINDING, _depth: int = 0) -> int | None:
    """The Python int ``expr`` is shown to be, as ``integer`` says, also folding ``+ - * // %`` of
    such ints (``range(2 * k - 1)`` with ``k = 1`` bound above); None otherwise."""
    if _depth > _MAX_DEPTH:
        return None
    if isinstance(expr, nodes.BinOp) and expr.op in _INT_OPERATORS:
        left, right = folded_integer(expr.left, follow, _depth + 1), folded_integer(expr.right, follow, _depth + 1)
        return None if left is None or right is None else _INT_OPERATORS[expr.op](left, right)
    if isinstance(expr, nodes.Name) and follow is Follow.ONE_BINDING:
        found = bindings(expr, expr.name)
        value = assigned_value(found[0]) if len(found) == 1 else None
        if isinstance(value, nodes.BinOp):
            return folded_integer(value, follow, _depth + 1)
    return integer(expr, follow)
