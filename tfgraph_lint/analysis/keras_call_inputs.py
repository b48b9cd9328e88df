"""The inputs Keras hands a layer's or model's ``call``: tensors, or structures of tensors.

``layer(x, lengths)`` runs ``call(self, x, lengths)`` with what it is given; where Keras traces it
(fit, a functional model, a caller's tf.function) the positional arguments that the signature
requires are the tensors the layer works on, or lists, tuples and dicts of them. A parameter with
a default (``training=False``, ``mask=None``) is an option that may be a Python value.

That is weaker than "a tensor": a rule uses it only where a structure of tensors fails the same
way a tensor does (``max(t)`` iterates a tensor, or compares the tensors of a list, and both ask
for a tensor's truth value). Even so it is LOW: what Keras hands ``call`` is what the caller
passes, and on code no rule was tuned on the callers passed Python lists of ints from their data
loaders (three findings at a first run, none true), which ``max`` takes as Python.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind
from tfgraph_lint.core.findings import LOW


def keras_call_input(expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
    """LOW when ``expr`` names a required positional parameter of the Keras layer or model
    ``call`` that ``traced`` is, never rebound there; None otherwise."""
    fn = traced.node
    if (traced.reason.kind != TraceKind.KERAS or traced.reason.handed_to_keras
            or not isinstance(fn, nodes.FunctionDef) or fn.name != "call"
            or not isinstance(fn.parent, nodes.ClassDef) or not isinstance(expr, nodes.Name)):
        return None
    found = bindings(expr, expr.name)
    if len(found) != 1 or not isinstance(found[0], nodes.AssignName) or found[0].parent is not fn.args:
        return None
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    required = positional[1:len(positional) - len(fn.args.defaults or ())]
    if found[0] not in required:
        return None
    family = keras_base(fn.parent, set())
    return LOW if family is not None and family[1] == "layer" else None
