"""What a module defines at its top level, and the ``from M import a, b`` statements it runs there
(stdlib ``ast``), so that the project view can tell an import that raises.

``from M import b`` at a module's top level, where ``M`` is a file of the project that binds no
``b`` at its own top level (no ``def``/``class``/assignment/import of it, in any branch of its
top-level statements), has no star import and no module ``__getattr__``, and is not a package with
a submodule ``b``, raises ImportError: nothing after it in the importing module runs
(``cli/view_unmade`` reads the module's later code as code that cannot run). An import inside
``try:``, a function or any other statement is not one of these: it may be caught; nor are the
imports of a module that reads ``sys.path`` (it may change where they resolve).
"""

from __future__ import annotations

import ast


def top_level_names(tree: ast.Module) -> dict:
    """``{"defines": [...], "open": bool, "imports": [[level, module, [names], line], ...]}``:
    the names the module binds outside functions and classes; whether it may bind any name (a
    star import, a module ``__getattr__``, a ``global`` statement); its top-level ``from``
    imports (none listed when it reads ``sys.path``)."""
    defines: set[str] = set()
    is_open = False
    imports = []
    edits_path = any(isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name)
                     and node.value.id == "sys" for node in ast.walk(tree))
    for statement in [] if edits_path else tree.body:  # (``sys.path`` changed: imports resolve elsewhere)
        if isinstance(statement, ast.ImportFrom) and not any(alias.name == "*" for alias in statement.names):
            imports.append([statement.level, statement.module or "", [alias.name for alias in statement.names],
                            statement.lineno])
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defines.add(node.name)
            is_open = is_open or node.name == "__getattr__"
            if not isinstance(node, ast.ClassDef):
                is_open = is_open or any(isinstance(inner, ast.Global) for inner in ast.walk(node))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    is_open = True
                else:
                    defines.add((alias.asname or alias.name).partition(".")[0])
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            defines.add(node.id)
        elif isinstance(node, ast.MatchAs) and node.name:  # (3.10+; pattern captures bind names)
            defines.add(node.name)
        elif isinstance(node, ast.Lambda):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return {"defines": sorted(defines), "open": is_open, "imports": imports}
