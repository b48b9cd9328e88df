"""A module's own decorators that wrap the decorated function in ``tf.function`` (stdlib ``ast``),
for the project view: applied in another module, they make the decorated functions graph code.

The forms, each only where the decorator's body shows ``tf.function`` called on its own first
parameter (a decorator is never taken for one by its name):

- ``def compiled(fn): return tf.function(fn, jit_compile=True)``, applied as ``@compiled``; the
  decorator may also return a wrapper it defines (``@functools.wraps(fn) def wrapper(...)``)
  around ``tf.function(fn)``;
- a factory, ``def compiled(jit=True): def wrap(fn): return tf.function(fn, ...); return wrap``,
  applied as ``@compiled(...)``;
- both at once, ``def function(func=None, **kwargs)``: with the function, ``tf.function(func,
  ...)``; without it, a decorator that calls back into ``function`` (``functools.partial(function,
  **kwargs)``), applied as ``@function`` and ``@function(...)``.

(The same file's decorators are read by ``trace_entries.own_tf_function``, over astroid.)
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis.module_edges import dotted_name

BARE, CALLED = "bare", "called"  # ``@deco`` / ``@deco(...)``


def tf_function_wrappers(tree: ast.Module, imports: dict[str, list],
                         walked: list[ast.AST] | None = None) -> dict[str, list[str]]:
    """The module's top-level defs that wrap their function in tf.function -> the forms they are
    applied in (``["bare", "called"]``). ``imports`` as ``module_edges`` gives them; ``walked``:
    ``list(ast.walk(tree))``, when the caller has it already."""
    found: dict[str, list[str]] = {}
    if walked is not None and not any(isinstance(node, ast.Call) and _is_tf_function(node.func, imports)
                                      for node in walked):
        return found  # no def can wrap anything in tf.function: the module never calls it
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        forms = []
        if _wraps_first_parameter(node, imports):
            forms.append(BARE)
            if _defaults_to_none(node) and _calls_back(node):
                forms.append(CALLED)
        else:
            inner = _returned_def(node)
            if inner is not None and _wraps_first_parameter(inner, imports):
                forms.append(CALLED)
        if forms:
            found[node.name] = forms
    return found


def decorators_used(tree: ast.Module, walked: list[ast.AST] | None = None) -> list[list]:
    """Every decorator of a def in the module written as a dotted name: ``[spelling, form]``.
    ``walked``: ``list(ast.walk(tree))``, when the caller has it already."""
    found = []
    for node in walked if walked is not None else ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                called = isinstance(decorator, ast.Call)
                spelled = dotted_name(decorator.func if called else decorator)
                if spelled is not None and [spelled, CALLED if called else BARE] not in found:
                    found.append([spelled, CALLED if called else BARE])
    return found


def _first_parameter(fn: ast.FunctionDef) -> str | None:
    positional = [*fn.args.posonlyargs, *fn.args.args]
    return positional[0].arg if positional else None


def _defaults_to_none(fn: ast.FunctionDef) -> bool:
    positional = [*fn.args.posonlyargs, *fn.args.args]
    defaults = fn.args.defaults
    if not positional or len(defaults) < len(positional):
        return False
    first = defaults[0]
    return isinstance(first, ast.Constant) and first.value is None


def _own_nodes(fn: ast.AST):
    """The nodes of ``fn``'s own body, not those of the defs, lambdas and classes it holds."""
    stack = list(fn.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _is_tf_function(func: ast.AST, imports: dict[str, list]) -> bool:
    if isinstance(func, ast.Attribute) and func.attr == "function" and isinstance(func.value, ast.Name):
        return list(imports.get(func.value.id, ())) == ["tensorflow", 0, None]
    return isinstance(func, ast.Name) and list(imports.get(func.id, ())) == ["tensorflow", 0, "function"]


def _wrapping_calls(fn: ast.FunctionDef, parameter: str, imports: dict[str, list]) -> list[ast.Call]:
    """The ``tf.function(<parameter>, ...)`` calls anywhere in ``fn`` (its wrappers too)."""
    found = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and _is_tf_function(node.func, imports):
            wrapped = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "func"), None)
            if isinstance(wrapped, ast.Name) and wrapped.id == parameter:
                found.append(node)
    return found


def _wraps_first_parameter(fn: ast.FunctionDef, imports: dict[str, list]) -> bool:
    """``fn`` calls tf.function on its first parameter, which it never rebinds, and every return
    of it gives that tf.function: the call itself, a name bound to it, or a def of its own (a
    wrapper); or, when the parameter defaults to None, a decorator that calls ``fn`` back."""
    parameter = _first_parameter(fn)
    if parameter is None:
        return False
    calls = _wrapping_calls(fn, parameter, imports)
    if not calls or any(isinstance(node, ast.Name) and node.id == parameter and isinstance(node.ctx, ast.Store)
                        for node in ast.walk(fn)):
        return False
    own = list(_own_nodes(fn))
    bound = {target.id for node in own if isinstance(node, ast.Assign) and node.value in calls
             for target in node.targets if isinstance(target, ast.Name)}
    defined = {node.name for node in fn.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    returns = [node for node in own if isinstance(node, ast.Return)]
    wrapping = 0
    for ret in returns:
        value = ret.value
        if value in calls or (isinstance(value, ast.Name) and value.id in bound | defined):
            wrapping += 1
        elif not (_defaults_to_none(fn) and value is not None and _names(value, fn.name)):
            return False
    return wrapping > 0


def _calls_back(fn: ast.FunctionDef) -> bool:
    """Some return of ``fn`` gives something that names ``fn`` itself (``partial(fn, **kw)``)."""
    return any(isinstance(node, ast.Return) and node.value is not None and _names(node.value, fn.name)
               for node in _own_nodes(fn))


def _names(expr: ast.AST, name: str) -> bool:
    return any(isinstance(node, ast.Name) and node.id == name for node in ast.walk(expr))


def _returned_def(factory: ast.FunctionDef) -> ast.FunctionDef | None:
    """The def of its own body that every return of ``factory`` returns."""
    returns = [node for node in _own_nodes(factory) if isinstance(node, ast.Return)]
    names = {ret.value.id for ret in returns if isinstance(ret.value, ast.Name)}
    if not returns or len(names) != 1 or not all(isinstance(ret.value, ast.Name) for ret in returns):
        return None
    inner = [node for node in factory.body if isinstance(node, ast.FunctionDef) and node.name in names]
    return inner[0] if len(inner) == 1 else None
