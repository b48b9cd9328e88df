"""Small questions about stdlib ``ast`` trees that the project view's readers share (they import
no astroid): the nearest enclosing node of some kinds, through a map of parent links, and the last
name of a called expression."""

from __future__ import annotations

import ast


def enclosing(parents: dict[int, ast.AST], node: ast.AST, kinds) -> ast.AST | None:
    """The nearest ancestor of ``node`` that is one of ``kinds``; ``parents`` maps ``id(child)``
    to its parent."""
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, kinds):
        parent = parents.get(id(parent))
    return parent


def last_name(func: ast.expr) -> str:
    """``Dense`` of ``layers.Dense`` and of ``Dense``; empty for anything else called."""
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
