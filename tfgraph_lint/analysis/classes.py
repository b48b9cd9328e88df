"""Classes and methods, read lexically: which class a ``self`` belongs to, its in-module bases.

Never astroid's ``FunctionDef.type`` or inference: those evaluate decorators, and for
``@tf.function`` methods that means reading the TensorFlow package.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.names import bindings, is_builtin_name
from tfgraph_lint.analysis.node_index import descendants


def is_instance_method(fn: nodes.NodeNG) -> bool:
    """A def in a class body that receives ``self``/``cls`` first (not a ``@staticmethod``)."""
    if not (isinstance(fn, nodes.FunctionDef) and isinstance(fn.parent, nodes.ClassDef)):
        return False
    return not any(
        isinstance(decorator, nodes.Name) and decorator.name == "staticmethod" and is_builtin_name(decorator)
        for decorator in (fn.decorators.nodes if fn.decorators else ())
    )


def self_class(expr: nodes.NodeNG) -> nodes.ClassDef | None:
    """The class whose method we are in, when ``expr`` is that method's ``self``/``cls``."""
    if not isinstance(expr, nodes.Name):
        return None
    method = expr.scope()
    while isinstance(method, (nodes.FunctionDef, nodes.Lambda)) and not (
        isinstance(method, nodes.FunctionDef) and isinstance(method.parent, nodes.ClassDef)
    ):
        method = method.parent.scope() if method.parent else None  # closures inside a method
    if not is_instance_method(method):
        return None
    first = [*(method.args.posonlyargs or ()), *(method.args.args or ())][:1]
    if not first or first[0].name != expr.name:
        return None
    return method.parent


def class_and_bases(cls: nodes.ClassDef, _seen: set | None = None) -> Iterator[nodes.ClassDef]:
    """``cls`` and its base classes defined in the same module, resolved lexically."""
    seen = _seen if _seen is not None else set()
    if cls in seen:
        return
    seen.add(cls)
    yield cls
    for base in cls.bases:
        if isinstance(base, nodes.Name):
            for binding in bindings(base, base.name):
                if isinstance(binding, nodes.ClassDef):
                    yield from class_and_bases(binding, seen)


def method_named(cls: nodes.ClassDef, name: str) -> nodes.FunctionDef | None:
    """The method ``name`` that ``cls`` defines or inherits from a base in the module."""
    for klass in class_and_bases(cls):
        for method in klass.mymethods():
            if method.name == name:
                return method
    return None


def attribute_values(cls: nodes.ClassDef, attrname: str) -> list[nodes.NodeNG | None]:
    """What ``self.<attrname>`` is set to anywhere in the class, and its class-body value.

    ``None`` stands for a binding whose value cannot be read (tuple unpacking, chained targets,
    ``for self.x in ...``), so callers can tell "always X" from "sometimes unknown". Augmented
    assignment (``self.items += [x]``) keeps the object it updates and is left out.
    """
    values: list[nodes.NodeNG | None] = []
    for target in descendants(cls, nodes.AssignAttr):
        if target.attrname != attrname or self_class(target.expr) is not cls:
            continue
        parent = target.parent
        if isinstance(parent, nodes.AugAssign):
            continue
        single = isinstance(parent, nodes.AnnAssign) or (
            isinstance(parent, nodes.Assign) and parent.targets == [target])
        values.append(parent.value if single else None)
    for statement in cls.body:
        if isinstance(statement, (nodes.Assign, nodes.AnnAssign)):
            targets = statement.targets if isinstance(statement, nodes.Assign) else [statement.target]
            if any(isinstance(t, nodes.AssignName) and t.name == attrname for t in targets):
                values.append(statement.value if len(targets) == 1 else None)
    return values
