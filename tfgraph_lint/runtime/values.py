"""Comparing values recorded by the harness (plain JSON data; no TensorFlow here).

The harness encodes what a script produced as JSON-able data:

- ``None``, bools, ints, floats and strings as themselves;
- ``{"$tensor": {"dtype", "shape", "values", "size"}}`` for a concrete tensor, variable or NumPy
  array (``values`` flattened, at most the first few hundred);
- ``{"$symbolic": "Tensor(\\"x:0\\", ...)"}`` for a graph tensor that leaked out of its graph;
- ``{"$list": [...]}``, ``{"$tuple": [...]}``, ``{"$dict": [[key, value], ...]}``, ``{"$set": [...]}``
  with a trailing ``{"$more": n}`` when truncated;
- ``{"$object": "Name", "attrs": {...}}`` for instances of classes the script defines;
- ``{"$type": "module.Name"}`` for anything else (identity-based objects compare by type only).

Floats compare with a tolerance: graph optimisations (fused or reordered float32 arithmetic) may
change the last bits, which is not the divergence we look for. A symbolic tensor never equals a
concrete value: that is the classic leak of a graph tensor into Python state.
"""

from __future__ import annotations

import math
import re
from typing import Any

REL_TOL = 1e-4
ABS_TOL = 1e-6

MISSING = object()  # "no eager re-run with another seed": nothing is masked

_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")


def output_lines(text: str) -> list[list[Any]]:
    """Printed output as lines of tokens, numbers parsed, so that numbers compare with a tolerance
    and a random number inside an otherwise fixed line is masked alone, not the whole line."""
    lines = []
    for line in text.splitlines():
        tokens: list[Any] = []
        position = 0
        for match in _NUMBER.finditer(line):
            if match.start() > position:
                tokens.append(line[position:match.start()])
            tokens.append(float(match.group()))
            position = match.end()
        if position < len(line):
            tokens.append(line[position:])
        lines.append(tokens)
    return lines


def is_symbolic(value: Any) -> bool:
    return isinstance(value, dict) and "$symbolic" in value


def contains_symbolic(value: Any) -> bool:
    if is_symbolic(value):
        return True
    return any(contains_symbolic(child) for child in _children(value))


def scalar(value: Any) -> Any:
    """A 0-d tensor as its Python value: a tf.function returns ``2`` as a tensor in graph mode and
    as the Python int itself when run eagerly, which is not the divergence we look for."""
    if isinstance(value, dict) and "$tensor" in value:
        tensor = value["$tensor"]
        if not tensor.get("shape") and len(tensor.get("values") or ()) == 1:
            return tensor["values"][0]
    return value


def same(a: Any, b: Any) -> bool:
    """Equal, floats within tolerance, NaN equal to NaN."""
    a, b = scalar(a), scalar(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, int) and isinstance(b, int):
            return a == b
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def structure(value: Any) -> Any:
    """What stays fixed when only the values change: kinds, lengths, dtypes and shapes."""
    value = scalar(value)
    if isinstance(value, bool) or value is None:
        return "bool" if isinstance(value, bool) else "None"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        return ("list", tuple(structure(v) for v in value))
    if isinstance(value, dict):
        if "$tensor" in value:
            t = value["$tensor"]
            return ("tensor", t.get("dtype"), tuple(t.get("shape") or ()))
        if "$symbolic" in value:
            return ("symbolic",)
        return ("dict", tuple(sorted((k, structure(v)) for k, v in value.items())))
    return type(value).__name__


def differs(graph: Any, eager: Any, reseeded: Any = MISSING) -> bool:
    """Does the graph-mode value differ from the eager one, ignoring what depends on the TF seed?

    ``reseeded`` is the same value from an eager run with another TensorFlow seed. When it differs
    from ``eager``, the value depends on TF random ops (or the clock), whose values legitimately
    differ between modes (graph and eager derive op seeds differently): then only its structure
    (lengths, kinds, dtypes, shapes) is compared. The mask covers the whole value, not the
    elements that happened to change: a low-entropy random value (a coin flip) is the same in two
    eager runs half the time, which element-wise masking would report as a divergence.
    A symbolic tensor against a concrete value always differs.
    """
    if contains_symbolic(graph) != contains_symbolic(eager):
        return True
    if reseeded is MISSING or same(eager, reseeded):
        return not same(graph, eager)
    return structure(graph) != structure(eager)


def _children(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        if "$tensor" in value:
            return list(value["$tensor"].get("values") or [])
        return [value[k] for k in sorted(value)]
    return []


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut between words (never inside one) with "..."."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 4]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ;,(") + " ..."


def render(value: Any, limit: int = 80) -> str:
    """A short human form of an encoded value, for evidence sentences."""
    text = _render(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _render(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    if not isinstance(value, (dict, list)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_render(v) for v in value) + "]"
    if "$tensor" in value:
        t = value["$tensor"]
        values = t.get("values") or []
        shown = ", ".join(_render(v) for v in values[:6])
        if not t.get("shape"):
            return f"tensor {shown}" if values else "tensor"
        more = ", ..." if t.get("size", len(values)) > 6 else ""
        return f"tensor [{shown}{more}] shape {tuple(t.get('shape'))}"
    if "$symbolic" in value:
        return f"symbolic {value['$symbolic']}"
    for key, (left, right) in (("$list", "[]"), ("$tuple", "()"), ("$set", "{}")):
        if key in value:
            return left + ", ".join(_render(v) for v in value[key]) + right
    if "$dict" in value:
        return "{" + ", ".join(f"{_render(k)}: {_render(v)}" for k, v in value["$dict"]) + "}"
    if "$more" in value:
        return f"... {value['$more']} more"
    if "$object" in value:
        attrs = ", ".join(f"{k}={_render(v)}" for k, v in (value.get("attrs") or {}).items())
        return f"{value['$object']}({attrs})"
    if "$type" in value:
        return f"<{value['$type']}>"
    return repr(value)
