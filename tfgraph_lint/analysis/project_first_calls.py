"""What the project view keeps of analysis/first_calls: per method that other files' graph code
reaches only by calls that first run methods on the same object (``self.signals.reset()`` before
``self.signals.scatter(...)``), the methods every such call runs first. Plain data, no astroid.
"""

from __future__ import annotations

from tfgraph_lint.analysis.factory_returns import reached_definitions

# The key under which a seed's first calls travel with the view's ``imported_arguments``: the
# seed's name and a tail no Python name has.
FIRST_CALLS = "<run first on the object>"


def with_first_calls(graph, passed: dict[str, dict[str, list]]) -> dict[str, dict[str, list]]:
    """``passed`` (ProjectGraph.seed_arguments) with, per method other files' graph code reaches
    only by calls that run methods on the object first, those methods (under ``FIRST_CALLS``).
    The rows' eighth entry is outgoing_first_calls'; a method also reached from a function that
    is itself reached from elsewhere is left out (what runs first there is not known)."""
    found: dict[tuple[str, str], frozenset[str] | None] = {}
    for file in sorted(graph.outgoing):
        for row in graph.outgoing[file]:
            first = frozenset(row[7]) if len(row) > 7 and row[7] else None
            for target in reached_definitions(graph, file, *row[:3]):
                if target[0] != file:
                    known = found.get(target, first)
                    found[target] = known & first if known is not None and first is not None else None
    if not any(found.values()):
        return passed
    for file, function in graph.reached():
        for base, attribute, _line in graph.references(file, function):
            target = graph.resolve_reference(file, base, attribute)
            if target in found:
                found[target] = None
    merged = {file: dict(entries) for file, entries in passed.items()}
    for (file, function), first in sorted(found.items()):
        if first:
            merged.setdefault(file, {})[f"{function}{FIRST_CALLS}"] = sorted(first)
    return merged
