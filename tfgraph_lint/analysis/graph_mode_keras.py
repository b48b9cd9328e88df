"""Findings that describe TensorFlow 1 graph mode's design: a Keras method in a package that turns
eager execution off when imported (analysis/eager_off_packages).

In graph mode Keras runs a layer's ``call`` (an optimizer's apply method, a loss handed to
``compile``) once, when it builds the graph that a session then runs on every step: output,
Python state and collections kept there, and variables made there, happen once because that is
how TensorFlow 1 code is written (checked on TensorFlow 2.21 with tf_keras: a layer whose
``call`` prints, appends and makes ``K.zeros`` runs it once through ``fit`` and ``predict``; with
eager execution on, ``fit`` raises ValueError on the variable). Such findings are LOW, saying why.
"""

from __future__ import annotations

from tfgraph_lint.analysis.eager_off_packages import eager_off_package
from tfgraph_lint.analysis.traced import TraceKind

# Rules whose claim is Python that runs once where TensorFlow 2 would trace again: output, Python
# state and collections kept while the method runs, and variables made in it. Values frozen into
# the graph (random draws, iterators, captured attributes and globals, formatted tensors) are as
# wrong in graph mode as in a trace: those rules are not lowered.
_BUILT_ONCE_RULES = frozenset({"TFG101", "TFG103", "TFG104", "TFG105", "TFG201"})


def built_once_in_graph_mode(code: str, traced, path: str) -> str | None:
    """Why a finding of rule ``code`` in ``traced`` (reached only from a Keras method, or a
    function handed to Keras) describes TensorFlow 1 graph mode's design, in words for a
    message; None when it does not."""
    root = traced.root
    if code not in _BUILT_ONCE_RULES or not (root.reason.kind == TraceKind.KERAS or root.reason.handed_to_keras):
        return None
    where = eager_off_package(path)
    if where is None:
        return None
    return (f"its package turns eager execution off when imported ({where}): Keras runs this once, "
            "when it builds the graph a session runs, as TensorFlow 1 code intends")
