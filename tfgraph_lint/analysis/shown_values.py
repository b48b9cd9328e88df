"""What an expression is shown to be when it is no constant: not None, or truthy.

A helper that makes state only under ``if transition_params is None:`` or ``if not decoder:``
never takes that branch when every graph call passes something that cannot be None (a lambda,
a function, an instance), or that cannot be false. untaken_branches decides such tests with this
evidence, for calls in the module and, through the project view's call shapes
(call_data.outgoing_arguments), for other files' calls.

Evidence, read lexically, never inferred:

- truthy: a lambda; a name bound only to ``def``/``class`` statements; ``self.m`` where the class
  defines the method ``m`` and never binds the attribute (a bound method); a literal non-empty
  string, list, tuple, set or dict; an f-string with literal text; an instance of a class of the
  module (``Cls(...)``) when neither it nor its bases define ``__bool__``/``__len__`` and every
  base is a class of the module;
- not None: an empty literal container, any other literal other than None, an f-string, an
  instance of a class of the module (whatever its bases), ``self.x`` that the class binds only
  to variables (variable_attributes) or only to values shown not None.

A name or attribute any of whose bindings is not shown (a parameter, an import, ``None``, a value
read back) shows nothing.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, class_and_bases, self_class
from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.variable_attributes import variable_attribute

NOT_NONE = 1
TRUTHY = 2  # implies NOT_NONE
_MAX_DEPTH = 4
_TRUTH_METHODS = frozenset({"__bool__", "__len__"})
_CONTAINERS = (nodes.List, nodes.Tuple, nodes.Set)


def shown(expr: nodes.NodeNG | None, _depth: int = 0) -> int | None:
    """TRUTHY, NOT_NONE, or None when nothing is shown."""
    if expr is None or _depth > _MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Lambda):
        return TRUTHY
    if isinstance(expr, nodes.Const):
        return None if expr.value is None else TRUTHY if expr.value else NOT_NONE
    if isinstance(expr, _CONTAINERS):
        return TRUTHY if expr.elts else NOT_NONE
    if isinstance(expr, nodes.Dict):
        return TRUTHY if expr.items else NOT_NONE
    if isinstance(expr, nodes.JoinedStr):
        literal = any(isinstance(part, nodes.Const) and part.value for part in expr.values)
        return TRUTHY if literal else NOT_NONE
    if isinstance(expr, nodes.Name):
        return _weakest(_binding_shown(binding, _depth) for binding in bindings(expr, expr.name))
    if isinstance(expr, nodes.Attribute):
        return _self_attribute_shown(expr, _depth)
    if isinstance(expr, nodes.Call):
        return _instance_shown(expr)
    return None


def _weakest(values) -> int | None:
    found = list(values)
    if not found or None in found:
        return None
    return min(found)


def _binding_shown(binding: nodes.NodeNG, depth: int) -> int | None:
    if isinstance(binding, (nodes.FunctionDef, nodes.ClassDef)):
        return TRUTHY  # a function or class object
    value = assigned_value(binding)
    return None if value is None else shown(value, depth + 1)


def _self_attribute_shown(expr: nodes.Attribute, depth: int) -> int | None:
    cls = self_class(expr.expr)
    if cls is None:
        return None  # another object's attribute: where it comes from is not followed
    klasses = list(class_and_bases(cls))
    values = [value for klass in klasses for value in attribute_values(klass, expr.attrname)]
    if not values:
        methods = [statement for klass in klasses for statement in klass.body
                   if isinstance(statement, nodes.FunctionDef) and statement.name == expr.attrname]
        return TRUTHY if methods and _plain_methods(methods) else None
    if variable_attribute(expr):
        return NOT_NONE  # a variable: never None, its truth is its value's
    return _weakest(shown(value, depth + 1) for value in values)


def _plain_methods(methods: list[nodes.FunctionDef]) -> bool:
    """Read through the instance they are bound methods (a property or other decorator may
    return anything)."""
    return all(not method.decorators for method in methods)


def _instance_shown(call: nodes.Call) -> int | None:
    """``Cls(...)`` with ``Cls`` a class of the module: an instance, never None."""
    if not isinstance(call.func, nodes.Name):
        return None
    found = bindings(call.func, call.func.name)
    if not found or not all(isinstance(binding, nodes.ClassDef) for binding in found):
        return None
    return min(_instance_truth(cls) for cls in found)


def _instance_truth(cls: nodes.ClassDef) -> int:
    klasses = list(class_and_bases(cls))
    if any(statement.name in _TRUTH_METHODS for klass in klasses for statement in klass.body
           if isinstance(statement, nodes.FunctionDef)):
        return NOT_NONE
    known = {klass.name for klass in klasses}
    for klass in klasses:
        if klass.keywords:
            return NOT_NONE  # a metaclass may define how its instances test
        for base in klass.bases:
            if not (isinstance(base, nodes.Name) and (base.name in known or base.name == "object")):
                return NOT_NONE  # a base of another module may define how its instances test
    return TRUTHY
