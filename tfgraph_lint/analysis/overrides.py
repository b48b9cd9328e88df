"""Overrides a ``self.<name>(...)`` call reaches in the subclasses of its own module.

A template method (``RankingMetric.update_state`` calling ``self._metric(...)``, whose subclasses
``PrecisionAt``, ``RecallAt`` each write their ``_metric``) runs the subclass's override on the
subclass's instances: when the base's method is traced, so are those overrides. Lexical look-up
(``callables.resolve_callables``) names the method the calling class defines or inherits; this
adds the overrides below it.

An override counts only where the subclass (and every class between it and the caller's class)
keeps the calling method: a subclass that writes its own ``update_state`` runs that one, not the
base's, so the base's call does not reach its override. Subclasses are the module's own classes
whose bases name the caller's class lexically (directly or through other classes of the module);
classes of other files are the project view's (analysis/project_classes).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.node_index import TREE, descendants, module_of, remembered

_MAX_DEPTH = 8  # classes followed down a chain of subclasses


def subclass_overrides(call: nodes.Call) -> list[nodes.FunctionDef]:
    """The overrides of ``self.<name>`` in the module's subclasses of the caller's class that run
    when the calling method runs on their instances (see the module docstring); [] for any other call."""
    func = call.func
    if not isinstance(func, nodes.Attribute):
        return []
    cls = self_class(func.expr)
    caller = _calling_method(func.expr)
    if cls is None or caller is None:
        return []
    found: list[nodes.FunctionDef] = []
    for subclass in _subclasses(cls):
        chain = _between(subclass, cls)
        if chain is None or any(_defines(klass, caller.name) for klass in chain):
            continue  # a class on the way writes its own calling method: the base's does not run there
        method = _defines(subclass, func.attrname)
        if method is not None and method not in found:
            found.append(method)
    return found


def overrides_below(cls: nodes.ClassDef, name: str) -> list[nodes.FunctionDef]:
    """The methods ``name`` that the module's subclasses of ``cls`` write: what a call of ``name``
    on an instance the module does not show the class of may run instead."""
    return [method for subclass in _subclasses(cls) if (method := _defines(subclass, name)) is not None]


def _calling_method(self_name: nodes.Name) -> nodes.FunctionDef | None:
    """The method whose ``self`` this is (through closures and comprehensions, as self_class)."""
    scope = self_name.scope()
    while isinstance(scope, (nodes.FunctionDef, nodes.Lambda, nodes.ComprehensionScope)) and not (
            isinstance(scope, nodes.FunctionDef) and isinstance(scope.parent, nodes.ClassDef)):
        scope = scope.parent.scope() if scope.parent else None
    return scope if isinstance(scope, nodes.FunctionDef) else None


def _defines(cls: nodes.ClassDef, name: str) -> nodes.FunctionDef | None:
    return next((method for method in cls.mymethods() if method.name == name), None)


def _subclasses(cls: nodes.ClassDef) -> list[nodes.ClassDef]:
    """The module's classes that derive from ``cls`` through classes of the module, nearest first."""
    module = module_of(cls)
    if module is None:
        return []
    direct = _direct_subclasses(module)
    found: list[nodes.ClassDef] = []
    frontier = [cls]
    for _ in range(_MAX_DEPTH):
        frontier = [sub for klass in frontier for sub in direct.get(klass, ()) if sub not in found and sub is not cls]
        if not frontier:
            break
        found.extend(frontier)
    return found


def _between(subclass: nodes.ClassDef, base: nodes.ClassDef, depth: int = 0) -> list[nodes.ClassDef] | None:
    """The classes from ``subclass`` up to ``base`` (``subclass`` included, ``base`` not) along
    the module's own bases, the first way found; None when none leads there."""
    if depth > _MAX_DEPTH:
        return None
    parents = _module_bases(subclass)
    if base in parents:
        return [subclass]
    for parent in parents:
        rest = _between(parent, base, depth + 1)
        if rest is not None:
            return [subclass, *rest]
    return None


def _direct_subclasses(module: nodes.Module) -> dict[nodes.ClassDef, list[nodes.ClassDef]]:
    memo = remembered(module, "direct subclasses", TREE)
    found = memo.get(module)
    if found is None:
        found = memo[module] = {}
        for klass in descendants(module, nodes.ClassDef):
            for parent in _module_bases(klass):
                found.setdefault(parent, []).append(klass)
    return found


def _module_bases(cls: nodes.ClassDef) -> list[nodes.ClassDef]:
    """The bases of ``cls`` that are classes of the module, named by a plain name."""
    found = []
    for base in cls.bases:
        if isinstance(base, nodes.Name):
            found += [binding for binding in bindings(base, base.name)
                      if isinstance(binding, nodes.ClassDef) and binding is not cls]
    return found
