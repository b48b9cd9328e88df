"""How a method of ``self`` that a create-once block calls sets an attribute it does not assign
itself: through a property setter of its class, or by handing on to a base class's method; and
when ``self.x = value`` is a call of a setter that keeps no Python state."""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases, self_class
from tfgraph_lint.analysis.node_index import descendants


def sets_through_property(method: nodes.FunctionDef, attrname: str) -> bool:
    """``method`` assigns ``self.model = ...`` where ``model`` is a property of its class whose
    setter assigns ``self._model``: the lazy getter's ``if not self._model: self.build()``."""
    cls = method.parent
    if not isinstance(cls, nodes.ClassDef):
        return False
    for node in descendants(method, nodes.AssignAttr):
        setter = _setter(cls, node.attrname)
        if setter is not None and self_class(node.expr) is cls and any(
                n.attrname == attrname and self_class(n.expr) is cls for n in descendants(setter, nodes.AssignAttr)):
            return True
    return False


def setter_keeps_no_python_state(target: nodes.AssignAttr) -> bool:
    """``self.state = value`` where ``state`` is a property of the class (or of a base in the
    module) whose setter rebinds no attribute of ``self`` (it assigns TensorFlow variables,
    ``s.assign(v)``): the assignment calls the setter, whose ops run on every call of traced code;
    no Python attribute changes. A setter that rebinds one (``self._total = value``) does so once
    per trace, as a direct assignment would."""
    cls = self_class(target.expr)
    if cls is None:
        return False
    setter = next((found for klass in class_and_bases(cls) if (found := _setter(klass, target.attrname))), None)
    return setter is not None and not any(self_class(n.expr) is not None for n in descendants(setter, nodes.AssignAttr))


def _setter(cls: nodes.ClassDef, name: str) -> nodes.FunctionDef | None:
    """The ``@<name>.setter`` the class body defines itself."""
    return next((fn for fn in cls.body if isinstance(fn, nodes.FunctionDef) and fn.name == name and _is_setter(fn)),
                None)


def _is_setter(fn: nodes.FunctionDef) -> bool:
    """Decorated ``@<name>.setter``."""
    return any(isinstance(d, nodes.Attribute) and d.attrname == "setter" and isinstance(d.expr, nodes.Name)
               and d.expr.name == fn.name for d in (fn.decorators.nodes if fn.decorators else ()))


def base_sets(method: nodes.FunctionDef, attrname: str) -> bool:
    """``self.<attrname>`` belongs to a base class in another module: the class never assigns it,
    and ``method`` hands on to the base's method of the same name (``super()._build(...)``), which
    is what sets it (``if not self._built_from_signature: self._build_from_signature(...)`` in a
    subclass of a Keras layer)."""
    cls = method.parent
    if not isinstance(cls, nodes.ClassDef):
        return False
    if any(n.attrname == attrname for n in descendants(cls, nodes.AssignAttr)):
        return False  # the class sets it itself: then its own assignments decide
    for call in descendants(method, nodes.Call):
        func = call.func
        if (isinstance(func, nodes.Attribute) and func.attrname == method.name
                and isinstance(func.expr, nodes.Call) and isinstance(func.expr.func, nodes.Name)
                and func.expr.func.name == "super"):
            return True
    return False
