"""Every node of a module by type, from one walk: rules ask it instead of walking the tree again.

Rules and the graph-code index used to call ``node.nodes_of_class(...)`` on the module, its
classes and its functions: a dozen full walks per module, each through astroid's recursive
generators, whose cost grows with nesting depth. That was most of what the Pylint plugin added
to a Pylint run. Here one iterative walk numbers the nodes in pre-order (astroid's
``get_children`` order, which is ``nodes_of_class``'s) and files them by exact type; a node's
subtree is then a range of numbers, and "all calls in this class" two binary searches.

:func:`descendants` answers exactly what ``node.nodes_of_class(types)`` would (the node itself
included when it matches, same order). Trees are not changed after they are built (Pylint's
transforms run first; fixes edit text with libcst), so the walk stays true for a tree's life.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections import OrderedDict

from astroid import nodes

# Analysis is one module at a time; the two latest indexes are kept (Pylint keeps every module
# alive in astroid's cache, so a memo keyed by module would grow with the run).
_KEEP = 2
_RECENT: OrderedDict[int, tuple[nodes.Module, NodeIndex]] = OrderedDict()


class NodeIndex:
    """A module's nodes numbered in pre-order and filed by exact type."""

    def __init__(self, module: nodes.Module) -> None:
        self._number: dict[nodes.NodeNG, int] = {}
        self._end: list[int] = []  # per number: one past the last number in that node's subtree
        self._by_type: dict[type, tuple[list[int], list[nodes.NodeNG]]] = {}
        self._matching: dict[tuple[type, ...], list[tuple[list[int], list[nodes.NodeNG]]]] = {}
        self._walk(module)

    def _walk(self, module: nodes.Module) -> None:
        number, end = self._number, self._end
        # Explicit stack, not recursion: deeply nested expressions must not hit Python's limit.
        stack = [(module, iter(module.get_children()))]
        self._file(module, 0)
        end.append(0)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                end[number[node]] = len(end)
                continue
            if child in number:
                continue  # reached twice (never in astroid's trees): once keeps ranges nested
            self._file(child, len(end))
            end.append(0)
            stack.append((child, iter(child.get_children())))

    def _file(self, node: nodes.NodeNG, position: int) -> None:
        self._number[node] = position
        entry = self._by_type.get(type(node))
        if entry is None:
            entry = self._by_type[type(node)] = ([], [])
        entry[0].append(position)
        entry[1].append(node)

    def contains(self, node: nodes.NodeNG) -> bool:
        return node in self._number

    def descendants(self, root: nodes.NodeNG, types: tuple[type, ...]) -> list[nodes.NodeNG]:
        """The nodes of ``types`` in ``root``'s subtree, ``root`` included, in pre-order."""
        start = self._number[root]
        stop = self._end[start]
        found = []
        for positions, members in self._lists_of(types):
            low = bisect_left(positions, start)
            high = bisect_left(positions, stop, low)
            if low < high:
                found.append((positions[low:high], members[low:high]))
        if not found:
            return []
        if len(found) == 1:
            return found[0][1]
        merged = heapq.merge(*(zip(positions, members) for positions, members in found),
                             key=lambda pair: pair[0])
        return [member for _, member in merged]

    def _lists_of(self, types: tuple[type, ...]) -> list[tuple[list[int], list[nodes.NodeNG]]]:
        lists = self._matching.get(types)
        if lists is None:
            lists = self._matching[types] = [
                entry for node_type, entry in self._by_type.items() if issubclass(node_type, types)
            ]
        return lists


def index_of(module: nodes.Module) -> NodeIndex:
    """The module's index, built on first use."""
    key = id(module)
    recent = _RECENT.get(key)
    if recent is not None and recent[0] is module:
        _RECENT.move_to_end(key)
        return recent[1]
    index = NodeIndex(module)
    _RECENT[key] = (module, index)
    while len(_RECENT) > _KEEP:
        _RECENT.popitem(last=False)
    return index


def module_of(node: nodes.NodeNG) -> nodes.Module | None:
    """The module a node belongs to; None for a detached node (``node.root()`` asserts then)."""
    while node.parent is not None:
        node = node.parent
    return node if isinstance(node, nodes.Module) else None


def descendants(node: nodes.NodeNG, *types: type) -> list[nodes.NodeNG]:
    """``list(node.nodes_of_class(types))``, answered from the module's one walk."""
    module = module_of(node)
    if module is not None:
        index = index_of(module)
        if index.contains(node):
            return index.descendants(node, types)
    return list(node.nodes_of_class(types))  # a node outside any indexed tree: walk it
