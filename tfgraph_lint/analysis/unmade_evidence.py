"""Whether graph code runs only in classes that no code of the project makes.

The project view (``cli/view_unmade``) gives a module the seed ``Cls.<made by no code of this
project>`` for each class of it that no file of a project shipping no package makes. A finding
in a method of such a class, or in a module function that only such classes' methods call, is
in code that never runs: it is LOW, saying so (:func:`made_nowhere`).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.class_mentions import UNMADE_SEED
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.unloadable_modules import UNLOADABLE_SEED
from tfgraph_lint.analysis.traced import TracedFunction


def made_nowhere(traced: TracedFunction, index) -> str | None:
    """The reason a finding in ``traced`` gives when ``traced`` runs only in classes of its module
    that no code of the project makes, or when its module can never be imported
    (``analysis/unloadable_modules``); None otherwise."""
    seeds = index.seeds
    if UNLOADABLE_SEED in seeds:
        return seeds[UNLOADABLE_SEED]
    if not any(name.endswith(UNMADE_SEED) for name in seeds):
        return None
    function = traced.node
    statement = function
    while not isinstance(statement.parent, nodes.Module):
        if statement.parent is None:
            return None
        statement = statement.parent
    if isinstance(statement, nodes.ClassDef):
        return _unmade(statement, seeds)
    if not isinstance(statement, nodes.FunctionDef) or statement is not function:
        return None
    # A module function: every read of its name is in a method of a class made by no code, and
    # no other file's graph code reaches it.
    if any(name == function.name or name.startswith(f"{function.name}.") for name in seeds):
        return None
    holders = set()
    for name in descendants(index.module, nodes.Name):
        if name.name != function.name:
            continue
        holder = _method_holder(name)
        if holder is None or _unmade(holder, seeds) is None:
            return None
        holders.add(holder.name)
    if not holders:
        return None
    listed = ", ".join(f"'{cls}'" for cls in sorted(holders))
    return f"it runs only in methods of {listed}, which no code of this project makes, and it ships no package"


def _unmade(cls: nodes.ClassDef, seeds) -> str | None:
    own = [name.partition(".")[2] for name in seeds if name.startswith(f"{cls.name}.")]
    if UNMADE_SEED not in own or any(not name.startswith("<") for name in own):
        return None  # made somewhere, or a method of it reached from graph code elsewhere
    return seeds[f"{cls.name}.{UNMADE_SEED}"]


def _method_holder(node: nodes.NodeNG) -> nodes.ClassDef | None:
    """The top-level class whose method holds ``node``; None outside any method."""
    scope, in_function = node.parent, False
    while scope is not None and not isinstance(scope, nodes.Module):
        if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)):
            in_function = True
        if isinstance(scope, nodes.ClassDef) and isinstance(scope.parent, nodes.Module):
            return scope if in_function else None
        scope = scope.parent
    return None
