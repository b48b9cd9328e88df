"""Turn what a script produced into plain JSON data (worker side; imports TensorFlow).

The encoded forms are described in ``values``, which compares them in the parent. Containers
are cut at ``MAX_ITEMS`` and ``MAX_DEPTH``, tensors at ``MAX_TENSOR_VALUES`` values: enough to
tell graph mode from eager mode, small enough to send back for every call.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import tensorflow as tf

MAX_ITEMS = 50  # per container
MAX_TENSOR_VALUES = 256
MAX_DEPTH = 6
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")  # object addresses differ between runs: never compared


def encode(value: Any, module_name: str, depth: int = 0) -> Any:
    """A value as JSON data. Instances of classes the script defines (module ``module_name``)
    show their attributes; other objects only their type, as their identity cannot be compared."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value[:500]
    if isinstance(value, bytes):
        return {"$bytes": repr(value[:200])}
    if isinstance(value, (tf.Variable, np.ndarray, np.generic)) or tf.is_tensor(value):
        return tensor(value)
    if isinstance(value, tf.data.Dataset):
        # One type for every dataset: tf.data's debug mode (the eager reference) leaves out
        # prefetching, so the same pipeline is a _PrefetchDataset in graph mode only.
        return {"$type": "tf.data.Dataset"}
    if depth >= MAX_DEPTH:
        return {"$type": type_name(value)}
    if isinstance(value, (list, tuple)):
        items = [encode(v, module_name, depth + 1) for v in value[:MAX_ITEMS]]
        if len(value) > MAX_ITEMS:
            items.append({"$more": len(value) - MAX_ITEMS})
        return {"$list" if isinstance(value, list) else "$tuple": items}
    if isinstance(value, dict):
        pairs = [[key(k), encode(v, module_name, depth + 1)] for k, v in list(value.items())[:MAX_ITEMS]]
        return {"$dict": sorted(pairs, key=lambda pair: pair[0])}
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted(key(v) for v in list(value)[:MAX_ITEMS])}
    if type(value).__module__ == module_name and hasattr(value, "__dict__"):
        attrs = {k: encode(v, module_name, depth + 1) for k, v in list(vars(value).items())[:MAX_ITEMS]
                 if not k.startswith("__") and not callable(v)}
        return {"$object": type(value).__qualname__, "attrs": attrs}
    return {"$type": type_name(value)}


def tensor(value: Any) -> Any:
    """A tensor, variable or NumPy array by dtype, shape and (the first) values; a graph tensor
    that escaped its graph by its name only."""
    try:
        if tf.is_tensor(value) and not isinstance(value, tf.Variable) and tf.is_symbolic_tensor(value):
            return {"$symbolic": str(value)}
        array = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    except Exception:  # noqa: BLE001 - composite or unreadable tensors: compared by type only
        return {"$type": type_name(value)}
    flat = [_plain(v) for v in array.reshape(-1)[:MAX_TENSOR_VALUES].tolist()]
    return {"$tensor": {"dtype": str(array.dtype), "shape": list(array.shape), "values": flat,
                        "size": int(array.size)}}


def argument(value: Any, depth: int = 0) -> dict:
    """What tf.function keys its traces on: dtype and shape for tensors, the value for Python
    scalars, the type for other objects (keyed by identity)."""
    if isinstance(value, tf.Variable) or tf.is_tensor(value):
        shape = getattr(value, "shape", None)
        try:
            dims = shape.as_list() if shape is not None and shape.rank is not None else None
        except (AttributeError, ValueError):
            dims = None
        return {"tensor": getattr(getattr(value, "dtype", None), "name", "?"), "shape": dims}
    if isinstance(value, np.ndarray):
        return {"tensor": str(value.dtype), "shape": list(value.shape)}
    if value is None or isinstance(value, (bool, int, float, str, np.generic)):
        return {"python": type(value).__name__, "value": repr(value)[:40]}
    if depth < 3 and isinstance(value, (list, tuple)):
        return {"sequence": type(value).__name__, "items": [argument(v, depth + 1) for v in value[:MAX_ITEMS]]}
    if depth < 3 and isinstance(value, dict):
        return {"mapping": [[key(k), argument(v, depth + 1)] for k, v in list(value.items())[:MAX_ITEMS]]}
    return {"object": type_name(value)}


def type_name(value: Any) -> str:
    kind = type(value)
    return f"{kind.__module__}.{kind.__qualname__}"


def key(value: Any) -> str:
    return ADDRESS.sub("0x?", repr(value))[:200]


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value) if isinstance(value, complex) else value
