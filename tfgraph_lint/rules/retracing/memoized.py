"""Functions whose results are remembered: a memoizing decorator returns the first result again.

A factory under ``functools.lru_cache`` / ``functools.cache`` (or a ``cached_property``) runs
once per distinct argument, so what it makes (a tf.function, a model) is made once and reused.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import qualified_name

_MEMOIZERS = frozenset({"functools.lru_cache", "functools.cache", "functools.cached_property"})


def memoized(fn: nodes.FunctionDef) -> bool:
    """``fn`` is decorated with a memoizer that the module's imports name (``@lru_cache``,
    ``@functools.lru_cache(maxsize=None)``, ``@cache``)."""
    for decorator in fn.decorators.nodes if fn.decorators else ():
        target = decorator.func if isinstance(decorator, nodes.Call) else decorator
        if qualified_name(target) in _MEMOIZERS:
            return True
    return False


def reads_call_state(code: nodes.NodeNG, fn: nodes.FunctionDef) -> bool:
    """``code`` (a def or expression inside ``fn``) reads a parameter or local of ``fn`` other than
    ``self``/``cls``, directly or through a def of ``fn`` it calls: each call of ``fn`` may then
    hand it different values, so each call's code is in effect different."""
    return _reads(code, fn, set())


def _reads(code: nodes.NodeNG, fn: nodes.FunctionDef, seen: set) -> bool:
    seen.add(code)
    for name in code.nodes_of_class(nodes.Name):
        if name.name in ("self", "cls"):
            continue
        scope, assignments = name.lookup(name.name)
        if scope is not fn:
            continue
        for binding in assignments:
            if isinstance(binding, nodes.FunctionDef):
                if binding not in seen and _reads(binding, fn, seen):
                    return True
            elif not (code is binding or code.parent_of(binding)):
                return True
    return False


def calls_code_made_per_call(code: nodes.NodeNG, fn: nodes.FunctionDef) -> bool:
    """``code`` (the body of a def or lambda made inside ``fn``) reads another def or lambda that
    ``fn`` makes on each call (``def grad_i(d): ...`` closing over ``fn``'s arguments). A
    Function's traces are keyed on the Python functions it runs, as on a callable argument: a
    new one per call traces again wherever the Function is made, so making it per call loses
    nothing that hoisting it could save."""
    for name in code.nodes_of_class(nodes.Name):
        scope, assignments = name.lookup(name.name)
        if scope is not fn:
            continue
        for binding in assignments:
            made = binding if isinstance(binding, nodes.FunctionDef) else _assigned_lambda(binding)
            if made is not None and made is not code and not code.parent_of(made):
                return True
    return False


def _assigned_lambda(binding: nodes.NodeNG) -> nodes.Lambda | None:
    parent = binding.parent
    if isinstance(parent, nodes.Assign) and isinstance(parent.value, nodes.Lambda):
        return parent.value
    return None
