"""Value classes without ``@dataclass``'s cost at import.

A dataclass compiles its ``__init__``, ``__eq__``, ``__hash__``, ``__repr__`` (and, frozen,
``__setattr__`` and ``__delattr__``) from generated source each time its module is imported:
about 0.6 ms a class on Python 3.11, some 25 ms for the forty classes a one-file run imports.
A :class:`Record` shares methods written once here; a subclass lists its fields in
``__slots__`` (in order, after its bases' fields) and writes its own ``__init__``, so building
an instance costs what a dataclass's does, or less.

A record compares and hashes as ``@dataclass(frozen=True)`` does: by class, then by the tuple of
its fields (the same hash, so sets of records iterate in the same order). Fields are assigned
in ``__init__`` only; nothing enforces it, as the records' users never assign them. A mutable
record (one whose fields change after ``__init__``) sets ``__hash__ = None``, as a dataclass
without ``frozen`` is unhashable. A field left out of comparisons (``field(compare=False)``) is
named in the class keyword ``uncompared``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TypeVar

R = TypeVar("R", bound="Record")


class Record:
    __slots__ = ()
    _fields: tuple[str, ...] = ()  # every field, bases' first: __init__'s keywords
    _compared: tuple[str, ...] = ()  # the fields equality and the hash read

    def __init_subclass__(cls, uncompared: tuple[str, ...] = (), **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__slots__", ())
        own = (own,) if isinstance(own, str) else tuple(own)
        cls._fields = (*cls._fields, *own)
        cls._compared = (*cls._compared, *(name for name in own if name not in uncompared))
        cls._key = staticmethod(_getter(cls._compared))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key(self) == other._key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({shown})"


def _getter(names: tuple[str, ...]):
    """A function from a record to the tuple of these fields (attrgetter: one C call)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return lambda record: ()


def replace(record: R, **changes) -> R:
    """A copy of ``record`` with ``changes`` (field name -> value), as ``dataclasses.replace``."""
    values = {name: getattr(record, name) for name in record._fields}
    values.update(changes)
    return record.__class__(**values)


def field_names(record_class: type[Record]) -> tuple[str, ...]:
    """The fields of a record class, in order, as ``dataclasses.fields`` names them."""
    return record_class._fields
