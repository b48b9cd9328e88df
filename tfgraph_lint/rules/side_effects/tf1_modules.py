"""Modules written for TensorFlow 1: Python that builds a graph once, by design.

A module that binds ``tf`` to ``tensorflow.compat.v1`` (``import tensorflow.compat.v1 as tf``,
``from tensorflow.compat import v1 as tf``) or turns TensorFlow 2 behaviour off at its top level
(``tf.compat.v1.disable_v2_behavior()``, ``tf.compat.v1.disable_eager_execution()``), or whose
package turns it off when imported (analysis/eager_off_packages), is written for graph
construction: its functions build ops once and a session or estimator runs them. Its authors log what they build while building it (``tf.logging.info("Use resize method %s",
method)`` in an input pipeline's map function); on real code (the review corpus,
google/automl, tensorflow/tpu, tensorflow/compression) every such log in graph code was a
construction log, meant to appear once. A TensorFlow 2 module that only uses a ``compat.v1``
name here and there (``tf.compat.v1.logging.info``) is not one of these.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.eager_off_packages import eager_off_package
from tfgraph_lint.analysis.names import qualified_name
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.core.eager_off_calls import EAGER_OFF

_TF1 = "tensorflow.compat.v1"


def written_for_tf1(module: nodes.Module) -> bool:
    """Whether ``module`` binds ``tf`` to TensorFlow 1's API, or turns TensorFlow 2 behaviour
    off at its top level (remembered)."""
    memo = remembered(module, "written for tf1")
    if module not in memo:
        memo[module] = (any(_is_tf1_statement(statement) for statement in _top_level(module))
                        or eager_off_package(module.file or "") is not None)
    return memo[module]


def _top_level(module: nodes.Module):
    """The module's statements, and those in its top-level ``try``/``if`` blocks (guarded imports)."""
    pending = list(module.body)
    while pending:
        statement = pending.pop(0)
        yield statement
        if isinstance(statement, (nodes.Try, nodes.If)):
            pending.extend(statement.get_children())


def _is_tf1_statement(statement: nodes.NodeNG) -> bool:
    if isinstance(statement, nodes.Import):
        return any(name == _TF1 and alias == "tf" for name, alias in statement.names)
    if isinstance(statement, nodes.ImportFrom):
        return statement.modname == "tensorflow.compat" and ("v1", "tf") in statement.names
    if isinstance(statement, nodes.Expr) and isinstance(statement.value, nodes.Call):
        return qualified_name(statement.value.func) in EAGER_OFF
    return False
