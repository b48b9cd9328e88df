"""Every node of a module by type, from one walk: rules ask it instead of walking the tree again.

Rules and the graph-code index used to call ``node.nodes_of_class(...)`` on the module, its
classes and its functions: a dozen full walks per module, each through astroid's recursive
generators, whose cost grows with nesting depth. That was most of what the Pylint plugin added
to a Pylint run. Here one walk numbers the nodes in pre-order (astroid's ``get_children``
order, which is ``nodes_of_class``'s) and files them by exact type; a node's subtree is then a
range of numbers, and "all calls in this class" two binary searches.

:func:`descendants` answers exactly what ``node.nodes_of_class(types)`` would (the node itself
included when it matches, same order). Trees are not changed after they are built (Pylint's
transforms run first; fixes edit text with libcst), so the walk stays true for a tree's life.

The index also holds what other modules remember about the module's nodes (:func:`remembered`):
look-ups, resolved names and callables. Only the latest modules' indexes are kept.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from itertools import chain

from astroid import nodes

# Analysis is one module at a time; the two latest indexes are kept (Pylint keeps every module
# alive in astroid's cache, so a memo keyed by module would grow with the run).
_KEEP = 2
_RECENT: OrderedDict[int, tuple[nodes.Module, NodeIndex]] = OrderedDict()
_latest: NodeIndex | None = None  # the index last asked for
# What a table of remembered facts depends on, when it is no more than (remembered's decided_by):
# the module's tree (astroid's look-ups, the names its statements bind); the tree and the
# project view's aliases of its imports (analysis/names: qualified names); or those and the
# view's definitions of other files it imports (a mode guard of another file decides which
# nodes run in a function: analysis/callables' own nodes).
TREE, ALIASES, IMPORTS = "the tree", "the tree and the project aliases", "the tree and the project's imports"


class NodeIndex:
    """A module's nodes numbered in pre-order and filed by exact type."""

    def __init__(self, module: nodes.Module) -> None:
        order: list[nodes.NodeNG] = []
        try:
            _visit(module, order.append)  # recursion is the fastest walk in CPython
        except RecursionError:
            order.clear()
            _walk_with_a_stack(module, order.append)  # deeper than the stack allows
        by_type: dict[type, list[nodes.NodeNG]] = {}
        for node in order:
            members = by_type.get(type(node))
            if members is None:
                by_type[type(node)] = [node]
            else:
                members.append(node)
        self._number = {node: position for position, node in enumerate(order)}
        self._by_type = by_type
        self._ends: dict[nodes.NodeNG, int] = {module: len(order)}
        self._matching: dict[tuple[type, ...], list[list[nodes.NodeNG]]] = {}
        self.module = module
        self.memos: dict[str, dict] = {}  # see remembered()
        self.decided_by: dict[str, str] = {}  # table -> TREE, ALIASES or IMPORTS (remembered's decided_by)

    def contains(self, node: nodes.NodeNG) -> bool:
        return node in self._number

    def descendants(self, root: nodes.NodeNG, types: tuple[type, ...]) -> list[nodes.NodeNG]:
        """The nodes of ``types`` in ``root``'s subtree, ``root`` included, in pre-order."""
        number = self._number.__getitem__
        start, stop = number(root), self._end(root)
        found = []
        for members in self._lists_of(types):
            low = bisect_left(members, start, key=number)
            high = bisect_left(members, stop, low, key=number)
            if low < high:
                found.append(members[low:high])
        if len(found) <= 1:
            return found[0] if found else []
        # One sort of the concatenated runs: the numbers are distinct, so it gives what merging
        # them would, and sorted() finds the runs in C where heapq.merge steps in Python per node.
        return sorted(chain.from_iterable(found), key=number)

    def _end(self, root: nodes.NodeNG) -> int:
        """One past the last number in ``root``'s subtree: the number of what follows it."""
        end = self._ends.get(root)
        if end is None:
            end = self._ends[root] = self._following(root)
        return end

    def _following(self, root: nodes.NodeNG) -> int:
        node = root
        while node.parent is not None:
            siblings = list(node.parent.get_children())
            at = next((i for i, sibling in enumerate(siblings) if sibling is node), None)
            if at is None:  # a child its parent does not list: count the subtree instead
                return self._number[root] + sum(1 for _ in root.nodes_of_class(nodes.NodeNG))
            if at + 1 < len(siblings):
                return self._number[siblings[at + 1]]
            node = node.parent
        return len(self._number)

    def _lists_of(self, types: tuple[type, ...]) -> list[list[nodes.NodeNG]]:
        lists = self._matching.get(types)
        if lists is None:
            lists = self._matching[types] = [
                members for node_type, members in self._by_type.items() if issubclass(node_type, types)
            ]
        return lists


def _visit(node: nodes.NodeNG, add) -> None:
    add(node)
    for child in node.get_children():
        _visit(child, add)


def _walk_with_a_stack(module: nodes.Module, add) -> None:
    stack: list[nodes.NodeNG] = [module]
    while stack:
        node = stack.pop()
        add(node)
        children = list(node.get_children())
        children.reverse()  # so that they come off the stack in source order
        stack.extend(children)


def index_of(module: nodes.Module) -> NodeIndex:
    """The module's index, built on first use."""
    global _latest
    key = id(module)
    recent = _RECENT.get(key)
    if recent is not None and recent[0] is module:
        _RECENT.move_to_end(key)
        _latest = recent[1]
        return _latest
    index = _latest = NodeIndex(module)
    _RECENT[key] = (module, index)
    while len(_RECENT) > _KEEP:
        _RECENT.popitem(last=False)
    return index


def forget(module: nodes.Module) -> None:
    """Drop the module's index and memos (the engine does, once a module's analysis is done)."""
    global _latest
    recent = _RECENT.get(id(module))
    if recent is not None and recent[0] is module:
        del _RECENT[id(module)]
        if _latest is recent[1]:
            _latest = None


def forget_memos(module: nodes.Module, same_aliases: bool = False, same_definitions: bool = False) -> None:
    """Drop what was remembered about the module's nodes, keeping its walk (which no
    configuration changes) and the tables the tree alone decides (:data:`TREE`): a second
    analysis of the same tree, under another configuration, starts afresh without walking it or
    looking its names up again. ``same_aliases``: that configuration gives the module the same
    project aliases (what its imports of the project's own package are), so the tables those
    decide with the tree (:data:`ALIASES`) are kept too; with ``same_definitions`` as well (the
    same definitions of the other files it imports), so are :data:`IMPORTS`'s."""
    recent = _RECENT.get(id(module))
    if recent is None or recent[0] is not module:
        return
    index = recent[1]
    kept = (TREE, ALIASES, *([IMPORTS] if same_definitions else [])) if same_aliases else (TREE,)
    index.memos = {table: found for table, found in index.memos.items() if index.decided_by.get(table) in kept}


def module_of(node: nodes.NodeNG) -> nodes.Module | None:
    """The module a node belongs to; None for a detached node (``node.root()`` asserts then)."""
    while node.parent is not None:
        node = node.parent
    return node if isinstance(node, nodes.Module) else None


def _index_holding(node: nodes.NodeNG) -> NodeIndex | None:
    """The index that numbers ``node``, built if need be; None for a node outside any module's
    walk. Almost every question is about the module last asked about: that one is tried first,
    before walking up to the node's module."""
    if _latest is not None and _latest.contains(node):
        return _latest
    module = module_of(node)
    if module is None:
        return None
    index = index_of(module)
    return index if index.contains(node) else None


def remembered(node: nodes.NodeNG, table: str, decided_by: str | None = None) -> dict:
    """The dict named ``table`` of facts remembered about ``node``'s module.

    It lives as long as the module's index, so memory stays bounded however long the run
    (a WeakKeyDictionary would not do: its values, nodes of the same tree, keep the keys alive).
    A node outside the index (detached, or added after the walk) gets an empty dict each time:
    nothing is remembered for it. ``decided_by``: :data:`TREE`, :data:`ALIASES` or :data:`IMPORTS` when the
    table's facts depend on nothing else (no configuration, no other table), which lets a second
    analysis of the tree keep them (:func:`forget_memos`); None (the default) for any other.
    """
    index = _index_holding(node)
    if index is None:
        return {}
    found = index.memos.get(table)
    if found is None:
        found = index.memos[table] = {}
        if decided_by is not None:
            index.decided_by[table] = decided_by
    return found


def descendants(node: nodes.NodeNG, *types: type) -> list[nodes.NodeNG]:
    """``list(node.nodes_of_class(types))``, answered from the module's one walk."""
    index = _index_holding(node)
    if index is None:
        return list(node.nodes_of_class(types))  # a node outside any indexed tree: walk it
    return index.descendants(node, types)
