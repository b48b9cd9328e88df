"""Why each retrace happened, from a recorded run (plain data in, plain data out; no TensorFlow).

A tf.function *definition* (one ``def``) may have several Function objects: one per
``tf.function(...)`` call that wrapped it, one per instance for a ``@tf.function`` method. Its
traces, in the order they happened, are the first trace and then retraces. For each retrace:

- the Function object traced before: its arguments are compared, parameter by parameter, with
  those of the closest earlier trace of the same object (fewest differences, latest on a tie),
  and each difference is a cause: a Python value (``lr: 0.1 -> 0.05``), a shape, a dtype, a kind
  (a float, then a tensor), a collection's structure or contents, a new object;
- a Function object traced for the first time: a new instance's copy of a method, or a Function
  created again (``tf.function`` applied anew, per call or per loop iteration);
- nothing differs: the call came while another tf.function was being traced (each graph of the
  caller traces its callees again), or something outside the arguments changed (a by-reference
  capture, the device or graph context);
- one call traced twice (``same-call``): its first trace created tf.Variables, and TensorFlow
  traces such a function again, creating none.

Each cause carries the static rule that predicts it, where there is one, and the fix.
"""

from __future__ import annotations

RULES = {
    "python-value": "TFG301",
    "python-collection": "TFG305",
    "new-function": "TFG302",
}
FIXES = {
    "python-value": "pass a tensor (tf.constant(...)) instead of a Python value that changes, or give "
                    "the tf.function an input_signature",
    "python-collection": "pass a tensor (tf.constant / tf.stack of the list) or a fixed structure, or "
                         "give the tf.function an input_signature",
    "shape": "give the tf.function an input_signature with None for the dimension that changes, or "
             "use tf.function(reduce_retracing=True)",
    "dtype": "convert the argument to one dtype before the call (tf.cast / tf.convert_to_tensor(..., dtype=))",
    "kind": "always pass the same kind of value: a tensor (convert Python values before the call), "
            "or the same Python type",
    "new-object": "pass the same object on every call, or pass the tensors it holds as arguments "
                  "(TensorFlow keys other objects by identity)",
    "new-instance": "each instance keeps its own traces of a @tf.function method: reuse the instance, "
                    "or make the tf.function once outside the class",
    "new-function": "create the tf.function once (at module level or in __init__) and call that one: a "
                    "new Function never reuses earlier traces",
    "nested": "follows the caller's retrace: fix the caller's cause",
    "same-call": "nothing to fix if it happens once: a first call that creates tf.Variables (a model's or "
                 "an optimizer's, built lazily) is traced again without creating them; building them "
                 "before the first call avoids it",
    "unexplained": "no argument changed: look for a captured Python object or tf.Variable created anew, "
                   "or a change of device or graph context",
}

LIBRARY_FUNCTION_FIX = ("library code built a new Function on this call and traced it: make fewer such calls "
                        "that each do more (for example one fit() with more epochs, not fit() in a loop)")


def explain(functions: list[dict]) -> list[dict]:
    """Per definition: totals, and every retrace with its causes (see the module docstring). A
    definition is a ``def`` and, for a nested one, the functions it closes over (``variant``)."""
    groups: dict[tuple, list[dict]] = {}
    for record in functions:
        key = (record["file"], record["line"], record["name"], record.get("variant"))
        groups.setdefault(key, []).append(record)
    summaries = [_summary(records) for records in groups.values()]
    return sorted(summaries, key=lambda s: (-s["traces"], s["name"]))


def _summary(records: list[dict]) -> dict:
    first = records[0]
    traces = sorted(((trace, record) for record in records for trace in record["traces"]),
                    key=lambda pair: pair[0]["order"])
    by_object: dict[int, list[dict]] = {}  # each Function object's traces so far
    creations: list[dict] = []  # where the Function objects traced so far were created
    retraces = []
    number = 0  # TensorFlow's count: one call may trace more than once
    for trace, record in traces:
        earlier = by_object.setdefault(record["object"], [])
        number += 1
        if number > 1:
            retraces.append({"trace": number, "call_site": trace["call_site"],
                             "causes": _causes(trace, record, earlier, creations)})
        for _ in range(trace["count"] - 1):
            number += 1
            retraces.append({"trace": number, "call_site": trace["call_site"], "causes": [_cause("same-call")]})
        if not earlier and record["created_at"]:
            creations.append(record["created_at"])
        earlier.append(trace)
    kept = [r["graphs_kept"] for r in records if r.get("graphs_kept") is not None]
    return {
        "name": first["name"], "variant": first.get("variant"), "file": first["file"], "line": first["line"],
        "library": first["library"],
        "calls": sum(r["calls"] for r in records),
        "traces": sum(t["count"] for t, _ in traces),
        "objects": len({r["object"] for _, r in traces}) or len(records),
        "graphs_kept": sum(kept) if kept else None,
        "trace_seconds": round(sum(t["seconds"] for t, _ in traces), 6),
        "nested_seconds": round(sum(t["seconds"] for t, _ in traces if t["nested_in"]), 6),
        "retraces": retraces,
    }


def _causes(trace: dict, record: dict, earlier: list[dict], creations: list[dict]) -> list[dict]:
    if not earlier:  # the first trace of another Function object for the same definition
        if record["instance_of"] is not None and record["clone_of"] is not None:
            return [_cause("new-instance", argument="self", after=f"a new instance of {record['instance_of']}")]
        made = _cause("new-function", before=creations[-1] if creations else None, after=record["created_at"])
        if record["library"]:  # not the user's tf.function: TFG302 does not apply, the fix differs
            made.update(rule=None, fix=LIBRARY_FUNCTION_FIX)
        return [made]
    best = min(reversed(earlier), key=lambda t: len(_differences(t["arguments"], trace["arguments"])))
    found = _differences(best["arguments"], trace["arguments"])
    if found:
        return found
    if trace["nested_in"]:
        return [_cause("nested", after=f"called while tracing {trace['nested_in']}")]
    return [_cause("unexplained")]


def _differences(before: list, after: list) -> list[dict]:
    old, new = dict((name, d) for name, d in before), dict((name, d) for name, d in after)
    found = []
    for name in [*old, *(n for n in new if n not in old)]:
        if name not in new or name not in old:
            found.append(_cause("kind", argument=name,
                                before=_render(old[name]) if name in old else "absent",
                                after=_render(new[name]) if name in new else "absent"))
            continue
        found += _compare(name, old[name], new[name])
    return found


def _compare(path: str, old: dict, new: dict, inside: bool = False) -> list[dict]:
    if old == new:
        return []
    if old["k"] != new["k"] or (old.get("type") != new.get("type") and old["k"] not in ("tensor", "value", "object")):
        return [_cause("kind", argument=path, before=_render(old), after=_render(new))]
    kind = old["k"]
    if kind == "value":
        if old["type"] != new["type"] and not ({old["type"], new["type"]} <= {"int", "float", "bool"}):
            return [_cause("kind", argument=path, before=_render(old), after=_render(new))]
        return [_cause("python-collection" if inside else "python-value", argument=path,
                       before=old["repr"], after=new["repr"])]
    if kind == "tensor":
        found = []
        if old["dtype"] != new["dtype"]:
            found.append(_cause("dtype", argument=path, before=old["dtype"], after=new["dtype"]))
        if old["shape"] != new["shape"]:
            found.append(_cause("shape", argument=path, before=_shape(old["shape"]), after=_shape(new["shape"])))
        return found or [_cause("kind", argument=path, before=_render(old), after=_render(new))]
    if kind == "object":
        if old["type"] != new["type"]:
            return [_cause("kind", argument=path, before=_render(old), after=_render(new))]
        return [_cause("new-object", argument=path, after=f"a new instance of {new['type']}")]
    if kind == "spec":
        return [_cause("kind", argument=path, before=old["repr"], after=new["repr"])]
    # a collection: the same length and keys compare item by item, else the structure changed
    old_keys, new_keys = [k for k, _ in old["items"]], [k for k, _ in new["items"]]
    if old_keys != new_keys or old.get("more") != new.get("more"):
        return [_cause("python-collection", argument=path, before=_render(old), after=_render(new))]
    found = []
    for (key, old_item), (_, new_item) in zip(old["items"], new["items"]):
        found += _compare(f"{path}[{key}]", old_item, new_item, inside=True)
    return found


def _cause(kind: str, argument: str | None = None, before: str | dict | None = None,
           after: str | dict | None = None) -> dict:
    """``before``/``after``: text, or for ``new-function`` the sites ({file, line}) that created
    the Function objects."""
    return {"kind": kind, "argument": argument, "before": before, "after": after,
            "rule": RULES.get(kind), "fix": FIXES[kind]}


def _render(described: dict) -> str:
    kind = described["k"]
    if kind == "value":
        return f"{described['repr']} ({described['type']})"
    if kind == "tensor":
        return f"{described['of']} {described['dtype']} {_shape(described['shape'])}"
    if kind == "object":
        return f"a {described['type']}"
    if kind == "spec":
        return described["repr"]
    count = len(described["items"]) + described.get("more", 0)
    if kind == "dict":
        keys = ", ".join(k for k, _ in described["items"][:6])
        return f"{described['type']} with keys {keys}" if count else f"empty {described['type']}"
    return f"{described['type']} of {count}"


def _shape(dims: list | None) -> str:
    if dims is None:
        return "(unknown rank)"
    inner = ", ".join("None" if d is None else str(d) for d in dims)
    return f"({inner},)" if len(dims) == 1 else f"({inner})"

