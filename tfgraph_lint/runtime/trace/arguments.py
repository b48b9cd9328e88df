"""Describe a tf.function's arguments the way TensorFlow keys its traces (plain JSON data).

TensorFlow (2.x) looks up a concrete function by the *trace type* of every argument: tensors,
variables and NumPy arrays by dtype and shape, Python scalars and strings by value, lists, tuples,
dicts and namedtuples by structure and contents, composite tensors (datasets, ragged and sparse
tensors) by their type spec, and any other object by identity. A description follows the same
rules, so that two calls whose descriptions are equal share a trace, and the difference between
two descriptions names what made TensorFlow trace again:

- ``{"k": "tensor", "of": "Tensor" | "Variable" | "ndarray", "dtype": "float32", "shape": [32, 10]}``
  (``shape`` None: unknown rank; a None dimension: unknown size);
- ``{"k": "value", "type": "float", "repr": "0.1"}`` for None, bools, numbers, strings, bytes;
- ``{"k": "list" | "tuple" | "dict", "type": "list", "items": [[key, description], ...]}``
  (keys are positions for sequences);
- ``{"k": "spec", "type": "DatasetV2", "repr": "DatasetSpec(...)"}`` for composite tensors;
- ``{"k": "object", "type": "Config", "id": 3}`` (``id``: the object's number in this run).

This runs where the traced program runs; it imports no TensorFlow itself (duck typing), so the
descriptions cost nothing for calls that did not trace.
"""

from __future__ import annotations

import inspect
import itertools
import weakref
from typing import Any

SCALARS = (type(None), bool, int, float, complex, str, bytes)
MAX_ITEMS = 64  # of one collection; more are summarised by a count
MAX_DEPTH = 6


class ObjectNumbers:
    """Numbers objects by identity for one run, without keeping them alive."""

    def __init__(self) -> None:
        self._numbers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._by_id: dict[int, int] = {}  # objects that cannot be weakly referenced
        self._counter = itertools.count(1)

    def number(self, value: Any) -> int:
        try:
            found = self._numbers.get(value)
            if found is None:
                found = self._numbers[value] = next(self._counter)
            return found
        except TypeError:  # not weak-referenceable or not hashable: its id (may be reused)
            return self._by_id.setdefault(id(value), next(self._counter))


def describe(value: Any, numbers: ObjectNumbers, depth: int = 0) -> dict:
    if isinstance(value, SCALARS) or _is_numpy_scalar(value):
        text = repr(value)
        return {"k": "value", "type": type(value).__name__, "repr": text if len(text) <= 80 else text[:77] + "..."}
    tensor = _tensor(value)
    if tensor is not None:
        return tensor
    spec = _type_spec(value)
    if spec is not None:
        return {"k": "spec", "type": type(value).__name__, "repr": spec}
    if depth < MAX_DEPTH:
        if isinstance(value, (list, tuple)):
            kind = "tuple" if isinstance(value, tuple) else "list"
            items = [[str(i), describe(item, numbers, depth + 1)] for i, item in enumerate(value[:MAX_ITEMS])]
            return _collection(kind, value, items)
        if isinstance(value, dict):
            pairs = list(value.items())[:MAX_ITEMS]
            items = [[repr(key), describe(item, numbers, depth + 1)] for key, item in pairs]
            return _collection("dict", value, items)
    return {"k": "object", "type": type(value).__qualname__, "id": numbers.number(value)}


def bind(signature: inspect.Signature | None, args: tuple, kwargs: dict) -> list[tuple[str, Any]]:
    """The call's arguments by parameter name, as the function would see them (``*args`` spread
    as ``args[0]``...); positional names when the signature does not fit."""
    if signature is not None:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            pass
        else:
            bound.apply_defaults()  # as TensorFlow does: an omitted default equals the default passed
            named: list[tuple[str, Any]] = []
            for name, value in bound.arguments.items():
                kind = signature.parameters[name].kind
                if kind is inspect.Parameter.VAR_POSITIONAL:
                    named += [(f"{name}[{i}]", item) for i, item in enumerate(value)]
                elif kind is inspect.Parameter.VAR_KEYWORD:
                    named += list(value.items())
                else:
                    named.append((name, value))
            return named
    return [(f"argument {i + 1}", value) for i, value in enumerate(args)] + list(kwargs.items())


def _collection(kind: str, value: Any, items: list) -> dict:
    described = {"k": kind, "type": type(value).__qualname__, "items": items}
    if len(value) > MAX_ITEMS:
        described["more"] = len(value) - MAX_ITEMS
    return described


def _is_numpy_scalar(value: Any) -> bool:
    return type(value).__module__ == "numpy" and getattr(value, "shape", None) == ()


def _tensor(value: Any) -> dict | None:
    module = type(value).__module__ or ""
    if module == "numpy" and hasattr(value, "dtype") and hasattr(value, "shape"):
        return {"k": "tensor", "of": "ndarray", "dtype": str(value.dtype), "shape": list(value.shape)}
    if not module.startswith(("tensorflow", "keras", "tf_keras")):
        return None
    dtype, shape = getattr(value, "dtype", None), getattr(value, "shape", None)
    if dtype is None or shape is None or not hasattr(shape, "rank"):
        return None  # not a tensor-like: a layer, a model, a dataset (composite: see _type_spec)
    of = "Variable" if "Variable" in type(value).__name__ else "Tensor"
    dims = None if shape.rank is None else [None if d is None else int(d) for d in shape.as_list()]
    return {"k": "tensor", "of": of, "dtype": getattr(dtype, "name", str(dtype)), "shape": dims}


def _type_spec(value: Any) -> str | None:
    """A composite tensor's type spec (tf.data datasets, ragged and sparse tensors, iterators)."""
    module = type(value).__module__ or ""
    if not module.startswith("tensorflow"):
        return None
    spec = getattr(value, "_type_spec", None)  # private, but it is what TensorFlow keys them by
    if spec is None:
        return None
    try:
        text = repr(spec)
    except Exception:  # noqa: BLE001 - a spec that cannot describe itself: compare by type
        text = type(spec).__name__
    return text if len(text) <= 200 else text[:197] + "..."
