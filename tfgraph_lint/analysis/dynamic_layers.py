"""Keras layers built with ``dynamic=True``: code written for Keras 2, whose ``fit`` runs them eagerly.

``super().__init__(dynamic=True)`` tells tf.keras 2 that the layer's ``call`` cannot be traced:
``fit``, ``evaluate`` and ``predict`` then run the model eagerly, so what would go wrong at trace
time in ``call`` (unpacking ``tf.shape(x)``, a Python ``if`` on a tensor) does not happen. Keras 3
refuses the argument (checked on TF 2.21: ``ValueError: Unrecognized keyword arguments passed to
Enc: {'dynamic': True}``), so such a layer never runs there at all. Either way the finding in its
Keras methods describes a trace that does not take place: LOW, with the reason
(:func:`dynamic_layer`). Which ``__init__`` passes it, by keyword or fourth to ``Layer``, is
analysis/dynamic_declarations' answer.

The evidence may sit in another file of the project: a base class there that passes it (the
project view tells the subclass's file, ``DYNAMIC_BASE``), which also covers the overrides a base's
traced method reaches through ``self.``; or a dynamic layer there whose graph code calls a
function of this file (the view's account of the call ends with ``DYNAMIC_CALLER``): that
function runs as the layer's ``call`` does.
"""

from __future__ import annotations

import ast

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases
from tfgraph_lint.analysis.dynamic_declarations import (
    DYNAMIC_BASE, DYNAMIC_CALLER, POSITIONAL, init_passes_dynamic, is_layer_base,
)
from tfgraph_lint.analysis.names import qualified_name
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.subclass_markers import dispatched_seed
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind

_EAGER = "tf.keras 2 runs such a layer eagerly under fit, and Keras 3 refuses the argument"


def dynamic_layer(traced: TracedFunction) -> str | None:
    """The reason a finding in ``traced`` gives when Keras reaches it through a method of a class
    built with ``dynamic=True`` (by itself, a base of its module or of another project file), or
    from such a class's graph code in another file; None otherwise."""
    root = traced.root
    method = root.node
    reason = root.reason
    if reason.kind == TraceKind.IMPORTED and DYNAMIC_CALLER in reason.builder:
        return f"it is called from graph code of a layer built with dynamic=True: {_EAGER}"
    if reason.kind != TraceKind.KERAS and not (reason.kind == TraceKind.IMPORTED and dispatched_seed(reason.builder)):
        return None
    if not isinstance(method, nodes.FunctionDef):
        return None
    owner = method.parent
    if not isinstance(owner, nodes.ClassDef):
        return None
    declaring = _declares_dynamic(owner)
    if declaring is not None:
        return f"'{declaring}' is built with dynamic=True: {_EAGER}"
    told = (remembered(owner, "project definitions").get(owner.root()) or {}).get(DYNAMIC_BASE + owner.name)
    if not isinstance(told, str):
        return None
    base, _, where = told.partition(" ")
    return f"its base '{base}' ({where}) is built with dynamic=True: {_EAGER}"


def _declares_dynamic(cls: nodes.ClassDef) -> str | None:
    """The name of ``cls`` or of a base class of its module whose ``__init__`` passes
    ``dynamic=True`` to the constructor above it."""
    memo = remembered(cls, "declares dynamic")
    if cls not in memo:
        memo[cls] = next((declaring.name for declaring in class_and_bases(cls) if _passes_dynamic(declaring)), None)
    return memo[cls]


def _passes_dynamic(cls: nodes.ClassDef) -> bool:
    init = cls.locals.get("__init__", [None])[0]
    if not isinstance(init, nodes.FunctionDef) or not any(
            isinstance(call.func, nodes.Attribute) and call.func.attrname == "__init__"
            and (len(call.args) > 3 or any(keyword.arg == "dynamic" for keyword in call.keywords or ()))
            for call in descendants(init, nodes.Call)):
        return False  # (no call up that could pass it: not parsed again)
    try:  # (the declarations are read in Python's own syntax tree, as the project view reads them)
        found = init_passes_dynamic(ast.parse(init.as_string()).body[0])
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return found is not None and (found[0] != POSITIONAL or any(
        is_layer_base(qualified_name(base) or "") for base in cls.bases))


def dynamic_account(index, key: tuple, found: tuple) -> tuple:
    """(line, how, confidence) of the reference ``key`` the graph-code index records for the
    project view (GraphIndex.outgoing), ``how`` marked when every call the module's graph code
    makes through it is a dynamic layer's (:func:`dynamic_layer`): the function it calls in another
    file runs as they do. (Other files' calls: analysis/dynamic_bases.seeds_not_only_dynamic.)"""
    line, how, confidence = found
    sites = index.outgoing_sites.get(key)  # (None: also named otherwise than in a call)
    if not sites or DYNAMIC_CALLER in how:
        return found
    for call in sites:
        scope = call.scope()
        traced = index.traced.get(scope) if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)) else None
        if traced is None or dynamic_layer(traced) is None:
            return found
    return line, how + DYNAMIC_CALLER, confidence
