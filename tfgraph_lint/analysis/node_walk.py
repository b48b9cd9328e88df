"""A walk of a parsed tree that hands each node of the kinds asked for to its list (stdlib ``ast``).

``ast.walk`` makes a generator per node and follows every field; reading a parsed file is mostly
that walk. :func:`walk` gives the same nodes in the same (breadth-first) order for less, and is
shared by the readers of a file that each want a few kinds of node (``file_record``,
``subclass_reads``).
"""

from __future__ import annotations

import ast
import operator


def walk(tree: ast.AST, kinds: dict[type, list]) -> None:
    """Append each node of ``tree`` whose type is a key of ``kinds`` to that key's list, in
    ``ast.walk``'s (breadth-first) order, without ``ast.walk``'s generator per node: the walk is
    most of what reading a parsed file costs. Fields that hold no node a reader asks for are not
    followed: a context or an operator (``ctx``, ``op``, ``ops``: nodes without fields, which no
    reader asks for), nor the names of the commonest leaves (``_NODE_FIELDS``).

    Each field's value goes into the queue as it is, a list's items all of them: the values that
    are no node (a name's string, an import's level, a dictionary's missing key) are passed over
    when their turn comes, which costs less than asking of each value whether it is a node."""
    found = [tree]
    steps: dict[type, tuple] = {}  # type -> (its list in kinds or None, its fields' getter, one field)
    for node in found:  # (the loop reaches what is appended to ``found`` as it goes)
        kind = type(node)
        if kind in steps:
            into, fields, single = steps[kind]
        else:
            into, fields, single = steps[kind] = (kinds.get(kind), *_fields_getter(kind))
        if into is not None:
            into.append(node)
        if fields is None:
            continue
        for value in ((fields(node),) if single else fields(node)):
            if type(value) is list:
                found += value
            elif value is not None:
                found.append(value)


def _fields_getter(kind: type) -> tuple:
    """``(getter, single)``: a getter of the fields of ``kind`` that may hold a node (None when
    none may, or ``kind`` is no node), and whether it gets one field (its value) or several (a
    tuple of them)."""
    if kind not in _GETTERS:
        fields = ()
        if issubclass(kind, ast.AST):
            fields = _NODE_FIELDS.get(kind)
            if fields is None:
                fields = tuple(field for field in kind._fields if field not in _NO_NODE_FIELDS)
        _GETTERS[kind] = (operator.attrgetter(*fields) if fields else None, len(fields) == 1)
    return _GETTERS[kind]


# Fields whose value is a context (``Load``) or an operator (``Add``, ``Eq``): a node without fields.
_NO_NODE_FIELDS = frozenset({"ctx", "op", "ops"})
# Node type -> its fields that may hold a node; given here for the commonest (a name, a constant,
# an import's alias, an attribute, a keyword argument: most of a file's nodes), found from the
# type's fields for the others.
_NODE_FIELDS: dict[type, tuple[str, ...]] = {ast.Name: (), ast.Constant: (), ast.alias: (),
                                             ast.Attribute: ("value",), ast.keyword: ("value",)}
_GETTERS: dict[type, tuple] = {}  # type -> _fields_getter's answer
