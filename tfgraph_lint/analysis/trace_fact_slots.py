"""Slots of an attribute that graph code sets to a value fixed while tracing, and only graph code reads.

``self.new_shape[0] = x.shape[0]`` then ``tf.reshape(x, self.new_shape)`` in a traced ``call``: each
trace puts a fact of its own inputs there (a static shape entry, a Python constant:
trace_time_values) before it reads it, and no code outside the trace reads the attribute
(attribute_reads), so nothing symbolic leaks and no trace reads another's value. TFG104 weighs
such a store as LOW (checked on TensorFlow 2.21: batches of 2 and 3 rows reshape right, one trace
each).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.attribute_reads import read_only_in_graph
from tfgraph_lint.analysis.trace_time_values import known_at_trace_time


def trace_fact_slot(node: nodes.NodeNG, receiver: nodes.NodeNG, stored: nodes.NodeNG | None, context) -> bool:
    """``node`` (``receiver[key] = stored``, ``receiver`` an attribute) stores a value fixed while
    tracing, and only graph code of the module reads the attribute."""
    return (isinstance(node, nodes.Subscript) and isinstance(node.parent, nodes.Assign) and stored is not None
            and known_at_trace_time(stored) and read_only_in_graph(receiver, context))
