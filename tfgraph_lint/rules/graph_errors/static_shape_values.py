"""TFG203's static-shape findings: a static dimension that is None while tracing (a signed
tf.function's unknown batch, or a symbolically built layer's), used where a TensorFlow op needs a
known int (the evidence is in ``analysis/unknown_dimensions``)."""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.unknown_dimensions import unknown_dimensions
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import Rule


def static_shape_findings(context: ModuleContext, rule: Rule) -> Iterator[Finding]:
    reported: set[nodes.NodeNG] = set()
    for call, traced in context.in_graph(nodes.Call):
        for found in unknown_dimensions(call, traced):
            if found.read in reported:
                continue
            reported.add(found.read)
            tensor = found.tensor.as_string()
            yield context.finding(
                rule, found.read,
                f"static shape '{found.spelled}' in {traced.subject} is None in its first dimension while "
                f"tracing ({found.why}), and {found.op} needs known ints: tracing "
                f"raises TypeError or ValueError; use the dynamic shape, tf.shape({tensor})[0]",
                confidence=found.confidence, traced=traced)
