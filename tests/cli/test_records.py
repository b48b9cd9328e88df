"""core.records.Record behaves as the ``@dataclass(frozen=True)`` it stands for: equality and
hash by class and fields (the same hash, so sets iterate alike), ``replace``, fields left out of
comparisons, unhashable when mutable, and pickled across worker processes."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from tfgraph_lint.core.records import Record, field_names, replace


class _Point(Record):
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class _Labelled(_Point, uncompared=("label",)):
    __slots__ = ("label",)

    def __init__(self, x: int, y: int = 0, label: str = "") -> None:
        super().__init__(x, y)
        self.label = label


class _Tally(Record):
    __slots__ = ("count",)
    __hash__ = None  # mutable

    def __init__(self, count: int = 0) -> None:
        self.count = count


@dataclasses.dataclass(frozen=True)
class _DataPoint:
    x: int
    y: int = 0


def test_equality_and_hash_are_a_frozen_dataclass_s():
    assert _Point(1, 2) == _Point(1, 2) and _Point(1, 2) != _Point(2, 1)
    assert hash(_Point(1, 2)) == hash(_DataPoint(1, 2))  # the same hash: sets iterate alike
    as_dataclasses = [_Point(p.x, p.y) for p in {_DataPoint(n, -n) for n in range(50)}]
    assert list({_Point(n, -n) for n in range(50)}) == as_dataclasses
    assert _Point(1, 2) != _Labelled(1, 2)  # another class is never equal, as with dataclasses
    assert _Point(1, 2) != (1, 2)


def test_replace_and_fields():
    moved = replace(_Point(1, 2), y=5)
    assert (moved.x, moved.y) == (1, 5) and type(moved) is _Point
    assert field_names(_Labelled) == ("x", "y", "label")
    with pytest.raises(TypeError):
        replace(_Point(1), z=3)
    assert repr(_Point(1, 2)) == "_Point(x=1, y=2)"


def test_an_uncompared_field_is_kept_but_not_compared():
    first, second = _Labelled(1, 2, "a"), _Labelled(1, 2, "b")
    assert first == second and hash(first) == hash(second)
    assert replace(first, x=3).label == "a"
    assert _Labelled(1, 2, "a") != _Labelled(1, 3, "a")


def test_a_mutable_record_is_unhashable():
    with pytest.raises(TypeError):
        hash(_Tally())
    assert _Tally(1) == _Tally(1)


def test_records_survive_pickling():
    from tfgraph_lint.core.findings import Finding
    from tfgraph_lint.core.registry import lookup
    from tfgraph_lint.engine import InternalErrorFinding

    finding = Finding(lookup("TFG101"), "a.py", 3, 4, 3, 9, "message", traced_because=("why",))
    assert pickle.loads(pickle.dumps(finding)) == finding
    error = InternalErrorFinding(lookup("TFG002"), "a.py", 1, 0, 1, 0, "boom", details="Traceback ...")
    copied = pickle.loads(pickle.dumps(error))
    assert copied == error and copied.details == "Traceback ..."
