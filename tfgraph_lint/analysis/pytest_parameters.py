"""What pytest gives a test's or a fixture's parameter, as the file shows it (stdlib ``ast``).

pytest calls a test function (a module-level ``test*`` def, or a ``test*`` method of a ``Test*``
class, that the file never names otherwise) and a fixture (a def decorated ``@pytest.fixture``) itself,
binding each parameter by its name:

- to the values ``@pytest.mark.parametrize`` lists for it (``"a, b", [(1, Net()), ...]``, a
  ``pytest.param(...)``'s values), when the decorator gives them as literals and not ``indirect``;
- else to what the fixture of that name returns or yields: one of the same file (by its def's
  name or its decorator's ``name=``), else one of a ``conftest.py`` in the file's folder or a
  folder above it, which only the project view can look up (:data:`CONFTEST`; a file that does
  not import pytest may still be a test module, and one of that name there is the evidence).

A parameter with a default, ``*args``/``**kwargs``, a function the file also names itself, a
class's own fixtures or marks, a module's ``pytestmark``, and a fixture that asks for its own name
(the one it overrides) are not shown.
"""

from __future__ import annotations

import ast

# What :func:`given_values` answers for a fixture the file does not define (conftest.py's, pytest's own).
CONFTEST = "conftest"
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def given_values(tree: ast.Module, parents: dict, function: ast.AST, parameter: ast.arg) -> list | str | None:
    """The expressions pytest may bind ``parameter`` of ``function`` to, :data:`CONFTEST` when it is
    a fixture of another file, or None when pytest does not call ``function`` or its values are
    not shown."""
    if not isinstance(function, _FUNCTIONS):
        return None
    owner = parents.get(id(function))
    if isinstance(owner, ast.ClassDef):
        if (not owner.name.startswith("Test") or owner.decorator_list or parents.get(id(owner)) is not tree
                or any(fixture_name(node) for node in owner.body)):
            return None
    elif owner is not tree:
        return None
    fixture = fixture_name(function)
    if fixture is None and not function.name.startswith("test"):
        return None
    arguments = function.args
    if parameter not in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
        return None
    defaults = [*arguments.posonlyargs, *arguments.args][len(arguments.posonlyargs) + len(arguments.args)
                                                         - len(arguments.defaults):]
    kw_defaulted = [a for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None]
    if (parameter in defaults or parameter in kw_defaulted or _named(tree, function.name, ast.Load)
            or _named(tree, "pytestmark", ast.Store)):  # (module-level marks may parametrize it)
        return None
    name = parameter.arg
    for decorator in function.decorator_list:
        if _last(decorator.func if isinstance(decorator, ast.Call) else decorator) == "parametrize":
            values = _parametrized(decorator, name)
            if values is not _ABSENT:
                return values
    if fixture == name:
        return None  # the fixture it overrides, of a conftest.py above
    defined = [node for node in tree.body if isinstance(node, _FUNCTIONS) and fixture_name(node) == name]
    if not defined:
        return CONFTEST
    if len(defined) > 1:
        return None
    return returned_values(defined[0])


def fixture_name(node: ast.AST) -> str | None:
    """The name pytest knows ``node`` by, if it is a fixture (``@pytest.fixture``, ``@fixture(...)``,
    ``name=`` given)."""
    if not isinstance(node, _FUNCTIONS):
        return None
    for decorator in node.decorator_list:
        func = decorator.func if isinstance(decorator, ast.Call) else decorator
        if _last(func) == "fixture":
            named = [k.value for k in getattr(decorator, "keywords", []) if k.arg == "name"]
            if named:
                return named[0].value if isinstance(named[0], ast.Constant) and isinstance(named[0].value, str) else None
            return node.name
    return None


def returned_values(function: ast.AST) -> list:
    """What ``function`` returns or yields (its own statements, not those of defs inside it; a bare
    ``return`` gives None)."""
    found, stack = [], list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (*_FUNCTIONS, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom)):
            found.append(node.value if node.value is not None else ast.Constant(None))
        stack.extend(ast.iter_child_nodes(node))
    return found


_ABSENT = object()


def _parametrized(decorator: ast.AST, name: str):
    """The values ``@pytest.mark.parametrize(...)`` gives ``name``; _ABSENT when it names other
    parameters; None when it names it but its values are not literals."""
    if not isinstance(decorator, ast.Call) or not decorator.args:
        return _ABSENT
    names = _argnames(decorator.args[0])
    if names is None:
        return None  # (may name it)
    if name not in names:
        return _ABSENT
    indirect = next((k.value for k in decorator.keywords if k.arg == "indirect"), None)
    if indirect is not None and not (isinstance(indirect, ast.Constant) and indirect.value is False):
        return None
    rows = decorator.args[1] if len(decorator.args) > 1 else next(
        (k.value for k in decorator.keywords if k.arg == "argvalues"), None)
    if not isinstance(rows, (ast.List, ast.Tuple)) or any(isinstance(row, ast.Starred) for row in rows.elts):
        return None
    position, values = names.index(name), []
    for row in rows.elts:
        if isinstance(row, ast.Call) and _last(row.func) == "param":
            items = row.args
        elif len(names) == 1:
            items = [row]
        elif isinstance(row, (ast.List, ast.Tuple)):
            items = row.elts
        else:
            return None
        if len(items) != len(names) or any(isinstance(item, ast.Starred) for item in items):
            return None
        values.append(items[position])
    return values


def _argnames(node: ast.AST) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [part.strip() for part in node.value.split(",") if part.strip()]
    if isinstance(node, (ast.List, ast.Tuple)) and all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                                                       for e in node.elts):
        return [e.value for e in node.elts]
    return None


def _named(tree: ast.Module, name: str, context: type) -> bool:
    """The file reads (``ast.Load``: calls, hands on) or binds (``ast.Store``) ``name`` somewhere."""
    return any(isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, context)
               for node in ast.walk(tree))


def _last(node: ast.AST) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
