"""TFG210 unknown-static-dimension: a static shape entry that is None while tracing, used where a
TensorFlow op needs a known int (``tf.reshape(x, [x.shape[0], -1])`` with the batch unknown).

``x.shape[0]``, ``b, h, w = x.shape`` and ``x.get_shape().as_list()[0]`` are fixed when the
function is traced; a trace made with an unknown batch (a signed tf.function, Keras building a
functional model or running ``fit``, a relaxed retrace) holds None there, and tf.reshape, tf.tile,
tf.broadcast_to, tf.zeros/ones/fill, tf.range and tf.random.* raise on it. The evidence, the read,
the tensor that carries an unknown batch and the op that needs it, is ``analysis/unknown_dimensions``
and ``analysis/batch_carriers``.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.unknown_dimensions import unknown_dimensions
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG210",
    symbol="unknown-static-dimension",
    msgid="E8730",
    summary="A static shape entry (x.shape[0]) that is None while tracing, used where an op needs a known int",
    # Review corpora, first run (2026-11-28): no HIGH finding (no signed tf.function with an
    # unknown batch reads it); INFERENCE 3 true of 16 (Keras layers built from keras.Input to be
    # saved), the rest layers run eagerly or by plain tf.function steps on concrete batches;
    # LOW 0 of 46. Too few and too imprecise to run unasked.
    default=Default.OPT_IN,
)

# The static shape read as ``x.shape``, ``x.get_shape()`` or ``K.int_shape(x)`` (whole words each).
TRIGGER_WORDS = ("shape", "get_shape", "int_shape")


def check(context: ModuleContext) -> Iterator[Finding]:
    reported: set[nodes.NodeNG] = set()
    for call, traced in context.in_graph(nodes.Call):
        for found in unknown_dimensions(call, traced, context.index):
            if found.read in reported:
                continue
            reported.add(found.read)
            tensor = found.tensor.as_string()
            yield context.finding(
                RULE, found.read,
                f"static shape '{found.spelled}' in {traced.subject} is None in its first dimension while "
                f"tracing ({found.why}), and {found.op} needs known ints: tracing "
                f"raises TypeError or ValueError; use the dynamic shape, tf.shape({tensor})[0]",
                confidence=found.confidence, traced=traced)
