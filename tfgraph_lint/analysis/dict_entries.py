"""What an entry of a dict holds, read by a key the code shows (analysis/dict_keys): a constant
(``stats["kurtosis"]``), a member of a top-level class (``flags[Kind.SPARSE]``), or a loop's first key.

Graph code often carries tensors in a dict it builds itself (``stats = {"mean": mean, "kurtosis":
kurtosis}``) and hands to helpers, or returns from one (``return {"type": t, "stats": stats}``).
The entry a known key reads is the value the dict literal gives that key, followed through
names bound only to dict literals, the returns of the module's own functions, and, for a
parameter, what the calls of its function pass (piotrlaczkowski/keras-data-processor's
distribution encoder tests ``stats["kurtosis"] > 3.0`` in a Keras 3 ``call``, which raises on a
symbolic tensor).

A dict the function changes by an unknown key (``d[k] = v`` with ``k`` not constant,
``d.update(...)``, ``d.pop(...)``, ``del d[...]``) tells nothing; a store under the same constant key
adds its value to what the entry may hold. A literal without the key, or with ``**other`` in it,
tells nothing either.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.dict_keys import MemberKey, literal_key, literal_value, read_key
from tfgraph_lint.analysis.dispatch_tables import dict_literals
from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core.findings import INFERENCE, weakest

_MAX_DEPTH = 8
_CHANGING_METHODS = frozenset({"update", "pop", "popitem", "setdefault", "clear", "__setitem__"})


def entry_evidence(evidence, expr: nodes.NodeNG) -> str | None:
    """INFERENCE (at most) when the entry ``expr`` reads by a known key is shown to be a
    tensor, whatever the dict it reads; None when unknown. ``evidence`` is the module's
    TensorEvidence (``of``, and ``parameter_arguments``: what calls pass a parameter)."""
    found = read_key(expr)
    values = _values(evidence, found[0], found[1], 0) if found is not None else None
    if not values:
        return None
    confidences = [evidence.of(value) for value in values]
    return weakest(INFERENCE, *confidences) if all(confidences) else None


def _values(evidence, container: nodes.NodeNG, key: object, depth: int) -> list[nodes.NodeNG] | None:
    """The expressions the entry ``key`` of ``container`` may hold; None when unknown."""
    if depth > _MAX_DEPTH:
        return None
    inner = read_key(container)
    if inner is not None:  # ``info["stats"]["kurtosis"]``
        return _all(_values(evidence, value, key, depth + 1)
                    for value in _values(evidence, inner[0], inner[1], depth + 1) or [None])
    if isinstance(container, nodes.Call):
        return _returned_values(evidence, container, key, depth)
    if isinstance(container, nodes.Name):
        found = bindings(container, container.name)
        single = found[0] if len(found) == 1 and isinstance(found[0], nodes.AssignName) else None
        if single is not None and isinstance(single.parent, nodes.Arguments):
            # What the calls pass; a call whose argument tells nothing is left out.
            passed = [_values(evidence, a, key, depth + 1) for a in evidence.parameter_arguments(single) or ()]
            known = [v for v in passed if v]
            return [value for values in known for value in values] or None
        value = assigned_value(single) if single is not None else None
        if isinstance(value, (nodes.Call, nodes.Subscript)):
            return _values(evidence, value, key, depth + 1)  # ``info = self._estimate(x)``
    literals = dict_literals(container)
    values = [literal_value(literal, key) for literal in literals]
    stored = _stored_values(container, key)
    if not values or any(value is None for value in values) or stored is None:
        return None
    return [*values, *stored]


def _returned_values(evidence, call: nodes.Call, key: object, depth: int) -> list[nodes.NodeNG] | None:
    """The entry of what a def of the module returns, when every return gives a dict with it."""
    returns = [r for fn in resolve_callables(call.func) if isinstance(fn, nodes.FunctionDef)
               for r in descendants(fn, nodes.Return) if r.scope() is fn]
    if not returns or any(r.value is None for r in returns):
        return None
    return _all(_values(evidence, r.value, key, depth + 1) for r in returns)


def _all(groups) -> list[nodes.NodeNG] | None:
    found: list[nodes.NodeNG] = []
    for group in groups:
        if not group:
            return None
        found += group
    return found


def _stored_values(name: nodes.NodeNG, key: object) -> list[nodes.NodeNG] | None:
    """What the function stores under ``key`` into the dict ``name`` holds; None when it changes
    the dict in a way that may touch the key."""
    if not isinstance(name, nodes.Name):
        return []
    stored: list[nodes.NodeNG] = []
    for use in descendants(name.scope(), nodes.Name):
        if use.name != name.name:
            continue
        parent = use.parent
        if isinstance(parent, nodes.Attribute) and parent.attrname in _CHANGING_METHODS:
            return None
        if isinstance(parent, nodes.Subscript) and parent.value is use and getattr(parent.ctx, "name", "Load") != "Load":
            statement = parent.parent
            stored_key = literal_key(parent.slice)
            if stored_key is None or not isinstance(statement, nodes.Assign):
                return None  # a computed key, ``del d[k]``, ``d[k] += x``, an unpacking target
            if isinstance(stored_key, MemberKey) != isinstance(key, MemberKey):
                return None  # ``d["sparse"] = v`` may store under ``Kind.SPARSE``
            if stored_key == key:
                stored.append(statement.value)
    return stored
