"""The classes a module's factory functions return instances of, as their returns spell them (stdlib ``ast``).

A training step that calls ``self.optimizer.apply(...)``, where ``self.optimizer = get(name)`` and
``get`` is a function of another module, runs the ``apply`` of whatever ``get`` returns. The
project view follows such a call into that module only where the factory's returns show the
instance: ``return Adam(...)``, or ``return REGISTRY[name]`` (and ``REGISTRY.get(name)``) where
the module binds ``REGISTRY`` once, at top level, to a dict literal whose every value is a
constructor call. A return that shows no instance (a parameter handed back, a helper's result)
names no class; the view keeps only spellings that name a class of the project.

Spellings are ``[base, attribute]``, as references are (``["Adam", None]``, ``["opt", "Adam"]``).
"""

from __future__ import annotations

import ast
import bisect


def factory_returns(tree: ast.Module, walked: tuple[list[ast.Return], list[ast.AST]] | None = None,
                    ) -> dict[str, list[list]]:
    """Top-level function name -> the class spellings its returns construct (each once, in order);
    functions whose returns construct nothing are left out. ``walked``: every ``return`` of the
    tree and every def and class, when the caller's walk of it has them (analysis/file_record):
    the functions' bodies are then not walked again."""
    registries = _registries(tree)
    owned = _owned_returns(tree, *walked) if walked is not None else None
    found: dict[str, list[list]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spellings: list[list] = []
            for returned in _returns(node) if owned is None else owned.get(id(node), ()):
                for spelling in _constructed(returned, registries):
                    if spelling not in spellings:
                        spellings.append(spelling)
            if spellings:
                found[node.name] = spellings
    return found


def _registries(tree: ast.Module) -> dict[str, list[list]]:
    """Top-level names bound once, to a dict literal whose every value is a constructor call."""
    bound: dict[str, int] = {}
    found: dict[str, list[list]] = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            if isinstance(target, ast.Name):
                bound[target.id] = bound.get(target.id, 0) + 1
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Dict) and node.value.values and None not in node.value.keys):
            spellings = [_spelling(value.func) if isinstance(value, ast.Call) else None for value in node.value.values]
            if None not in spellings:
                found[node.targets[0].id] = [s for i, s in enumerate(spellings) if s not in spellings[:i]]
    return {name: spellings for name, spellings in found.items() if bound.get(name) == 1}


def _owned_returns(tree: ast.Module, returns: list[ast.Return], scopes: list[ast.AST]) -> dict[int, list[ast.AST]]:
    """Top-level function (by id) -> what :func:`_returns` gives of it that may construct (a call, a
    subscript), in the same order: its own ``return`` statements, last in the source first. A
    ``return`` is a function's own when that function is the innermost def or class (``scopes``)
    whose source holds it."""
    candidates = [node for node in returns if isinstance(node.value, (ast.Call, ast.Subscript))]
    if not candidates:
        return {}
    top = {id(node) for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    spans = sorted(((scope.lineno, scope.col_offset), (scope.end_lineno, scope.end_col_offset), index)
                   for index, scope in enumerate(scopes))
    starts = [start for start, _end, _index in spans]
    found: dict[int, list[ast.AST]] = {}
    for node in sorted(candidates, key=lambda node: (node.lineno, node.col_offset), reverse=True):
        start, end = (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)
        at = bisect.bisect_right(starts, start) - 1
        while at >= 0 and spans[at][1] < end:  # (a def or class that ended before it)
            at -= 1
        owner = scopes[spans[at][2]] if at >= 0 else None
        if owner is not None and id(owner) in top:
            found.setdefault(id(owner), []).append(node.value)
    return found


def _returns(function: ast.AST):
    """The values the function's own ``return`` statements give (not those of nested defs)."""
    queue = list(function.body)
    while queue:
        node = queue.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value
        queue.extend(ast.iter_child_nodes(node))


def _constructed(value: ast.AST, registries: dict[str, list[list]]) -> list[list]:
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):
        return registries.get(value.value.id, [])  # REGISTRY[name]
    if isinstance(value, ast.Call):
        func = value.func
        if (isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Name)
                and func.value.id in registries):
            return registries[func.value.id]  # REGISTRY.get(name)
        spelling = _spelling(func)
        return [spelling] if spelling is not None else []
    return []


def _spelling(func: ast.AST) -> list | None:
    if isinstance(func, ast.Name):
        return [func.id, None]
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return [func.value.id, func.attr]
    return None


def reached_definitions(graph, file: str, base: str, attribute: str | None,
                        method: str | None) -> list[tuple[str, str]]:
    """What ``base[.attribute]`` of ``file`` names in the project (``graph``: its ProjectGraph), as
    (file, definition): a function, or ``method`` of an instance of an imported class; where the
    instance is what an imported function returns, that method of each class its returns
    construct, where the class defines it."""
    target = graph.resolve_reference(file, base, attribute, classes=method is not None)
    if target is not None:
        return [target if method is None else (target[0], f"{target[1]}.{method}")]
    factory = graph.resolve_reference(file, base, attribute) if method is not None else None
    if factory is None:
        return []
    found = []
    for made_base, made_attribute in graph.summary(factory[0]).get("returns", {}).get(factory[1], []):
        made = graph.resolve_reference(factory[0], made_base, made_attribute, classes=True)
        if made is not None and f"{made[1]}.{method}" in graph.summary(made[0])["functions"]:
            found.append((made[0], f"{made[1]}.{method}"))
    return found
