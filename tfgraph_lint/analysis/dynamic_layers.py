"""Keras layers built with ``dynamic=True``: code written for Keras 2, whose ``fit`` runs them eagerly.

``super().__init__(dynamic=True)`` tells tf.keras 2 that the layer's ``call`` cannot be traced:
``fit``, ``evaluate`` and ``predict`` then run the model eagerly, so what would go wrong at trace
time in ``call`` (unpacking ``tf.shape(x)``, a Python ``if`` on a tensor) does not happen. Keras 3
refuses the argument (checked on TF 2.21: ``ValueError: Unrecognized keyword arguments passed to
Enc: {'dynamic': True}``), so such a layer never runs there at all. Either way the finding in its
Keras methods describes a trace that does not take place: LOW, with the reason
(:func:`dynamic_layer`).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind


def dynamic_layer(traced: TracedFunction) -> str | None:
    """The reason a finding in ``traced`` gives when Keras reaches it through a method of a class
    (of the module, or a base of it there) built with ``dynamic=True``; None otherwise."""
    root = traced.root
    method = root.node
    if root.reason.kind != TraceKind.KERAS or not isinstance(method, nodes.FunctionDef):
        return None
    owner = method.parent
    if not isinstance(owner, nodes.ClassDef):
        return None
    declaring = _declares_dynamic(owner)
    if declaring is None:
        return None
    return (f"'{declaring}' is built with dynamic=True: tf.keras 2 runs such a layer eagerly under fit, "
            f"and Keras 3 refuses the argument")


def _declares_dynamic(cls: nodes.ClassDef) -> str | None:
    """The name of ``cls`` or of a base class of its module whose ``__init__`` passes
    ``dynamic=True`` to the constructor above it."""
    for declaring in class_and_bases(cls):
        init = declaring.locals.get("__init__", [None])[0]
        if isinstance(init, nodes.FunctionDef) and any(_passes_dynamic(call) for call in descendants(init, nodes.Call)):
            return declaring.name
    return None


def _passes_dynamic(call: nodes.Call) -> bool:
    """``super().__init__(..., dynamic=True)`` or ``Base.__init__(self, ..., dynamic=True)``."""
    func = call.func
    if not (isinstance(func, nodes.Attribute) and func.attrname == "__init__"):
        return False
    return any(keyword.arg == "dynamic" and isinstance(keyword.value, nodes.Const) and keyword.value.value is True
               for keyword in call.keywords or ())
