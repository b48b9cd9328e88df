"""Code that runs only while an attribute is missing: the lazy build.

``try: y = x @ self.w ... except AttributeError: self.build(x.shape)`` (in a retry loop, or with
the use repeated after it) builds the weights the first time ``self.w`` is read and never again:
the handler runs once, as a create-once guard's block does (runs_once). The handler must catch
``AttributeError`` by name (alone or in a tuple), the ``try`` body must read ``self.<attr>``, and
the handler must set that attribute: itself (``self.w = ...``) or through a method of the class it
calls (``self.build(...)``, whose own body assigns ``self.w``). Keras builds a layer before its
first call, so such a handler in a layer's ``call`` runs at most once, on a layer called without
being built.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import method_named, self_class
from tfgraph_lint.analysis.names import is_builtin_name
from tfgraph_lint.analysis.node_index import descendants

_MISSING = "AttributeError"


def behind_missing_attribute(node: nodes.NodeNG, fn: nodes.NodeNG) -> bool:
    """``node`` (in ``fn``) sits in a handler that runs only while an attribute its ``try`` reads
    is missing, and that sets it (see the module's docstring)."""
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if (isinstance(parent, nodes.ExceptHandler) and child in parent.body and _catches_missing(parent)
                and isinstance(parent.parent, nodes.Try)):
            read = {attribute.attrname for statement in parent.parent.body
                    for attribute in descendants(statement, nodes.Attribute) if _on_self(attribute)}
            if read & _set_by(parent.body):
                return True
        child, parent = parent, parent.parent
    return False


def _catches_missing(handler: nodes.ExceptHandler) -> bool:
    caught = handler.type.elts if isinstance(handler.type, nodes.Tuple) else [handler.type]
    return any(isinstance(expr, nodes.Name) and expr.name == _MISSING and is_builtin_name(expr) for expr in caught)


def _on_self(attribute: nodes.Attribute) -> bool:
    return isinstance(attribute.expr, nodes.Name) and self_class(attribute.expr) is not None


def _set_by(body: list[nodes.NodeNG]) -> set[str]:
    """The ``self`` attributes ``body`` assigns, itself or in the methods of the class it calls."""
    found: set[str] = set()
    for statement in body:
        found.update(target.attrname for target in descendants(statement, nodes.AssignAttr)
                     if isinstance(target.expr, nodes.Name) and self_class(target.expr) is not None)
        for call in descendants(statement, nodes.Call):
            func = call.func
            on_self = isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name)
            cls = self_class(func.expr) if on_self else None
            method = method_named(cls, func.attrname) if cls is not None else None
            if method is not None:
                found.update(target.attrname for target in descendants(method, nodes.AssignAttr)
                             if isinstance(target.expr, nodes.Name) and target.expr.name == "self")
    return found
