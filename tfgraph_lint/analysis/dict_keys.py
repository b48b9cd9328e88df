"""Which key a dict read uses, when the code shows it: ``d["k"]``, ``d[Kind.SPARSE]``, and
``d[k]`` at the first iteration of ``for k in [Kind.SPARSE, Kind.NORMAL]`` (or of a loop over a
dict literal's keys, which Python gives in the literal's order).

A key is a constant (a str or an int) or a member of a class or module the file defines or
imports at its top level (``Kind.SPARSE``), known by its spelling: a dict literal keyed by such
members holds under ``Kind.SPARSE`` what it gives that spelling. A literal mixing the two kinds
tells nothing about a member key (``Kind.SPARSE`` may equal the string ``"sparse"``).

A loop over a literal sequence of keys reads, at its first iteration, the entry of the first key:
``for kind in priority: if flags.get(kind, False): return kind`` truth-tests ``flags[priority[0]]``
before anything else, where the read is in a statement of the loop's body that no earlier
statement of that body can skip (no ``break``, ``continue``, ``return`` or ``raise`` before it).
piotrlaczkowski/keras-data-processor's distribution encoder picks its distribution that way from
a dict of tensor flags, in a Keras 3 layer's call, which raises on the first flag
(https://github.com/piotrlaczkowski/keras-data-processor/commit/a3fe7e15712297bc8a1eb9cf8dae9ee2d3a5ce0e).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.node_index import descendants

_EXITS = (nodes.Break, nodes.Continue, nodes.Return, nodes.Raise)
# Methods of a list or dict that read it and leave its order as it is.
_READING_METHODS = frozenset({"get", "keys", "values", "items", "copy", "index", "count"})


class MemberKey(str):
    """A key spelled as a member of a top-level class or module (``Kind.SPARSE``)."""

    __slots__ = ()


def read_key(expr: nodes.NodeNG) -> tuple[nodes.NodeNG, object] | None:
    """(the dict expression, the key) of ``d[key]``, ``d.get(key)`` or ``d.get(key, default)``
    when the key is known (:func:`literal_key`, or a loop's first key)."""
    if isinstance(expr, nodes.Subscript):
        container, spelled = expr.value, expr.slice
    elif (isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute) and expr.func.attrname == "get"
          and len(expr.args) in (1, 2) and not expr.keywords
          and not any(isinstance(arg, nodes.Starred) for arg in expr.args)):
        container, spelled = expr.func.expr, expr.args[0]
    else:
        return None
    key = literal_key(spelled)
    if key is None and isinstance(spelled, nodes.Name):
        key = _first_loop_key(spelled, expr)
    return (container, key) if key is not None else None


def literal_key(node: nodes.NodeNG) -> object | None:
    """The key ``node`` spells: a str or int constant, or a :class:`MemberKey`; None otherwise."""
    if isinstance(node, nodes.Const):
        value = node.value
        return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if isinstance(node, nodes.Attribute):
        root = node.expr
        while isinstance(root, nodes.Attribute):
            root = root.expr
        if isinstance(root, nodes.Name) and _top_level_definition(root):
            return MemberKey(node.as_string())
    return None


def literal_value(literal: nodes.Dict, key: object) -> nodes.NodeNG | None:
    """What the dict literal gives ``key`` (the last of its items spelling it); None when it has no
    such item or when another item may hold the key (``**other``, a computed key, or a constant
    beside member keys)."""
    found = None
    for item_key, value in literal.items:
        spelled = literal_key(item_key) if not isinstance(item_key, nodes.DictUnpack) else None
        if spelled is None or isinstance(spelled, MemberKey) != isinstance(key, MemberKey):
            return None
        if spelled == key:
            found = value
    return found


def _top_level_definition(name: nodes.Name) -> bool:
    """``name`` is bound only by top-level classes and imports of its module: its members are
    the same objects wherever the module reads them."""
    found = bindings(name, name.name)
    return bool(found) and all(
        isinstance(binding, (nodes.ClassDef, nodes.Import, nodes.ImportFrom))
        and isinstance(binding.parent, nodes.Module) for binding in found)


def _first_loop_key(name: nodes.Name, read: nodes.NodeNG) -> object | None:
    """The first key of ``for name in [key, ...]`` (or ``in {key: ...}``, ``in d.keys()``) when
    ``read``, a statement of that loop's body, is reached at its first iteration. A sequence bound
    to a name counts only when nothing else in its scope reads that name."""
    found = bindings(name, name.name)
    if len(found) != 1 or not isinstance(found[0], nodes.AssignName):
        return None
    loop = found[0].parent
    if not (isinstance(loop, nodes.For) and loop.target is found[0]) or read.scope() is not loop.scope():
        return None
    sequence = loop.iter
    if (isinstance(sequence, nodes.Call) and isinstance(sequence.func, nodes.Attribute)
            and sequence.func.attrname == "keys" and not sequence.args and not sequence.keywords):
        sequence = sequence.func.expr  # ``for k in d.keys()``
    if isinstance(sequence, nodes.Name):
        sequence_bindings = bindings(sequence, sequence.name)
        if len(sequence_bindings) != 1 or _used_elsewhere(sequence, sequence_bindings[0]):
            return None  # ``order.reverse()``, ``order[0] = k``, ``shuffle(order)``: its first key may change
        sequence = assigned_value(sequence_bindings[0])
    if isinstance(sequence, nodes.Dict):  # a dict iterates its keys, its literal's first one first
        first = sequence.items[0][0] if sequence.items else None
    elif isinstance(sequence, (nodes.List, nodes.Tuple)):
        first = sequence.elts[0] if sequence.elts else None
    else:
        return None
    if first is None or isinstance(first, nodes.DictUnpack):
        return None
    statement = read.statement()
    for earlier in loop.body:  # (a read in the loop's ``else`` or deeper is not found: None)
        if earlier is statement:
            return literal_key(first)
        if descendants(earlier, *_EXITS):
            return None
    return None


def _used_elsewhere(sequence: nodes.Name, binding: nodes.AssignName) -> bool:
    """The name the loop iterates is used in its scope in a way that may reorder it before the loop:
    a method other than a read called on it (``order.reverse()``, ``d.pop(k)``), an item stored or
    deleted, or the value handed on (``random.shuffle(order)``, ``alias = order``)."""
    return any(use is not sequence and use.name == sequence.name and _may_change(use)
               for use in descendants(binding.scope(), nodes.Name))


def _may_change(use: nodes.Name) -> bool:
    """Anything but a read that keeps the order: a reading method, an item read, a comparison
    (``k in order``), another loop over it."""
    parent = use.parent
    if isinstance(parent, nodes.Attribute):
        return parent.attrname not in _READING_METHODS
    if isinstance(parent, nodes.Subscript) and parent.value is use:
        return getattr(parent.ctx, "name", "Load") != "Load"
    if isinstance(parent, nodes.For) and parent.iter is use:
        return False
    return not isinstance(parent, nodes.Compare)
