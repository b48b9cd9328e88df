"""Values read from a tensor's shape while the graph runs: ``tf.shape(x)[0]``, ``K.shape(x)``.

Unlike ``x.shape[0]`` (a Python int or None, fixed while tracing), these are tensors of the
graph being built: code that takes them out of the graph (``tf.init_scope``) cannot use them.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname

# Ops whose result is the run-time shape (or a part of it) of their argument.
RUNTIME_SHAPE_OPS = frozenset({"tensorflow.shape", "tensorflow.shape_n", "tensorflow.size",
                               "keras.backend.shape", "keras.ops.shape"})
_MAX_DEPTH = 4


def reads_runtime_shape(expr: nodes.NodeNG | None, scope: nodes.NodeNG, depth: int = 0) -> nodes.Call | None:
    """The ``tf.shape(...)`` call ``expr`` is computed from, directly or through names bound once
    in ``scope`` (``n = K.shape(x)[0]`` then ``(n, 3)``); None when none is shown."""
    if expr is None or depth > _MAX_DEPTH:
        return None
    for node in (expr, *expr.nodes_of_class((nodes.Call, nodes.Name))):
        if isinstance(node, nodes.Call) and call_qualname(node) in RUNTIME_SHAPE_OPS:
            return node
        if isinstance(node, nodes.Name):
            found = bindings(node, node.name)
            if len(found) != 1 or found[0].scope() is not scope:
                continue
            shape = reads_runtime_shape(assigned_value(found[0]), scope, depth + 1)
            if shape is not None:
                return shape
    return None
