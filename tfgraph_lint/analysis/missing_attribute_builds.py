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

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.names import is_builtin_name
from tfgraph_lint.analysis.node_index import descendants

_MISSING = "AttributeError"


def behind_missing_attribute(node: nodes.NodeNG, fn: nodes.NodeNG, sets) -> bool:
    """``node`` (in ``fn``) sits in a handler that runs only while an attribute its ``try`` reads
    is missing, and that sets it (see the module's docstring). ``sets(statements, target)``: whether
    the statements set a runs_once target, ``("attr", "self", name)`` (runs_once's own test: directly,
    or in a method of the class they call)."""
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if (isinstance(parent, nodes.ExceptHandler) and child in parent.body and _catches_missing(parent)
                and isinstance(parent.parent, nodes.Try)):
            read = {(attribute.expr.as_string(), attribute.attrname) for statement in parent.parent.body
                    for attribute in descendants(statement, nodes.Attribute) if _on_self(attribute)}
            if any(sets(parent.body, ("attr", receiver, name)) for receiver, name in sorted(read)):
                return True
        child, parent = parent, parent.parent
    return False


def _catches_missing(handler: nodes.ExceptHandler) -> bool:
    caught = handler.type.elts if isinstance(handler.type, nodes.Tuple) else [handler.type]
    return any(isinstance(expr, nodes.Name) and expr.name == _MISSING and is_builtin_name(expr) for expr in caught)


def _on_self(attribute: nodes.Attribute) -> bool:
    return isinstance(attribute.expr, nodes.Name) and self_class(attribute.expr) is not None
