"""Is a receiver a Python collection, and of which type? Told from how it is made.

``items = []``, ``self.cache = collections.OrderedDict()``: the literal or constructor every
binding (or every ``self.x = ...`` of the class) gives it. An instance of some other class
(``self._buffer = TFDeque(...)``, a class with list-like method names that keeps its state in
variables; a field the module's classes declare only as some class, ``store: UnrollStore``) is
not one. TFG104 asks this before judging a mutation.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, class_and_bases, self_class
from tfgraph_lint.analysis.names import (
    assigned_value,
    bindings,
    call_qualname,
    is_builtin_name,
    qualified_name,
)
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import INFERENCE

# The concrete collection type a binding's value creates.
_LITERAL_TYPES = {
    nodes.List: "list", nodes.ListComp: "list", nodes.Dict: "dict", nodes.DictComp: "dict",
    nodes.Set: "set", nodes.SetComp: "set", nodes.Tuple: "tuple",
}
_CONSTRUCTOR_TYPES = {
    "list": "list", "dict": "dict", "set": "set", "tuple": "tuple", "frozenset": "frozenset",
    "sorted": "list",
    "collections.defaultdict": "dict", "collections.OrderedDict": "dict",
    "collections.Counter": "dict", "collections.deque": "deque",
}
def receiver_collection(receiver: nodes.NodeNG) -> tuple[bool, str | None, str]:
    """Whether the receiver is known to be a Python collection, its concrete type when every
    binding agrees on one, and how sure that is.

    HIGH for names bound by literals/constructors; INFERENCE for ``self.x`` (read from every
    ``self.x = ...`` of the class; other code could still replace it).
    """
    if isinstance(receiver, nodes.Name):
        kind = value_kind(receiver)
        if kind.kind != Kind.PYTHON_COLLECTION or kind.parameter is not None:
            return False, None, INFERENCE
        values = [assigned_value(b) for b in bindings(receiver, receiver.name)]
        return True, _agreed_type(values), kind.confidence
    if isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        cls = self_class(receiver.expr)
        if cls is None:
            return False, None, INFERENCE
        type_name = _agreed_type(attribute_values(cls, receiver.attrname))
        known = type_name is not None or (
            isinstance(receiver, nodes.Attribute) and value_kind(receiver).kind == Kind.PYTHON_COLLECTION)
        return known, type_name, INFERENCE
    return False, None, INFERENCE


def assigned_objects(receiver: nodes.NodeNG) -> bool:
    """Every value the receiver is assigned is an instance of a class that is not a collection.

    Told from the callee's name (``TFDeque(...)``, ``Table(...)``: capitalised, not a collection
    factory) or, for a class of this module, from its bases.
    """
    if isinstance(receiver, nodes.Name):
        values = [assigned_value(b) for b in bindings(receiver, receiver.name)]
    elif isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)) and self_class(receiver.expr) is not None:
        values = attribute_values(self_class(receiver.expr), receiver.attrname)
    elif isinstance(receiver, nodes.Attribute):
        return _declared_as_object(receiver)
    else:
        return False
    return bool(values) and all(_is_object_construction(value) for value in values)


# Annotations that name a collection (``List[int]``, ``typing.Deque``): not evidence of an object.
_COLLECTION_ANNOTATIONS = frozenset({
    "List", "Dict", "Set", "FrozenSet", "Tuple", "Deque", "DefaultDict", "OrderedDict", "Counter",
    "Sequence", "MutableSequence", "Mapping", "MutableMapping", "MutableSet", "Iterable", "Collection",
})


def _declared_as_object(receiver: nodes.Attribute) -> bool:
    """``host.store`` on an object of unknown class, where the module's classes declare a field
    of that name only as an instance of some class (``store: utils.UnrollStore`` in a
    dataclass; shape of google-research/seed_rl's learner): its ``append`` is that class's."""
    declared = [statement.annotation for cls in descendants(receiver.root(), nodes.ClassDef)
                for statement in cls.body
                if isinstance(statement, nodes.AnnAssign) and isinstance(statement.target, nodes.AssignName)
                and statement.target.name == receiver.attrname]
    return bool(declared) and all(_names_a_class(annotation) for annotation in declared)


def _names_a_class(annotation: nodes.NodeNG) -> bool:
    short = annotation.name if isinstance(annotation, nodes.Name) else getattr(annotation, "attrname", "")
    return short[:1].isupper() and short not in _COLLECTION_ANNOTATIONS


def _is_object_construction(value: nodes.NodeNG | None) -> bool:
    if not isinstance(value, nodes.Call):
        return False
    func = value.func
    short = func.name if isinstance(func, nodes.Name) else getattr(func, "attrname", "")
    if not short[:1].isupper() or literal_type(value) is not None:
        return False
    if isinstance(func, nodes.Name):
        for binding in bindings(func, func.name):
            if isinstance(binding, nodes.ClassDef) and _derives_from_collection(binding):
                return False
    return True


def _derives_from_collection(cls: nodes.ClassDef) -> bool:
    """``class Batch(list)``, ``class Table(collections.OrderedDict)``, or through a class of the
    module that does."""
    return any(_is_collection_base(base) for found in class_and_bases(cls) for base in found.bases)


def _is_collection_base(base: nodes.NodeNG) -> bool:
    if isinstance(base, nodes.Name) and base.name in _CONSTRUCTOR_TYPES and is_builtin_name(base):
        return True
    name = qualified_name(base) or ""
    return name in _CONSTRUCTOR_TYPES or name.startswith(("collections.", "typing."))


def _agreed_type(values: list[nodes.NodeNG | None]) -> str | None:
    types = {literal_type(value) for value in values}
    if len(types) != 1:
        return None
    return types.pop()


def literal_type(value: nodes.NodeNG | None) -> str | None:
    if value is None:
        return None
    for node_type, type_name in _LITERAL_TYPES.items():
        if isinstance(value, node_type):
            return type_name
    if isinstance(value, nodes.Call):
        func = value.func
        if isinstance(func, nodes.Name) and is_builtin_name(func):
            return _CONSTRUCTOR_TYPES.get(func.name)
        name = call_qualname(value)
        if name is not None:
            return _CONSTRUCTOR_TYPES.get(name)
    return None
