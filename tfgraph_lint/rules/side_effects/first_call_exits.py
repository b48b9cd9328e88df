"""TFG105 python-state-mutation: a once-flag whose block returns, in graph code.

``if not self._built: self._built = True; return self.prev.assign(values)`` and then the update:
eager calls take the block on the first call and the rest on every later one. A trace takes the
block (the flag is still unset while tracing) and the graph it leaves returns there on every call:
the code after the ``if`` never runs. The flag is flipped only while tracing (a Keras metric's
``update_state`` that skips its first update never counts one when Keras traces it).

Stays silent on a block that falls through (set-up run once, as eagerly: see once_flags), on one
ending in ``raise``, on a flag that is not only ever set to Python constants, and on ``self`` of an
object the traced code makes itself (per_trace_objects).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.once_flags import first_call_exit
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.core.findings import HIGH, LOW, Finding
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.rules.side_effects.per_trace_objects import PerTraceSelf

RULE = rule_by_code("TFG105")


def check(context: ModuleContext) -> Iterator[Finding]:
    per_trace_self = PerTraceSelf(context)
    for statement, traced in context.in_graph(nodes.Assign, nodes.AnnAssign):
        guard = first_call_exit(statement, traced)
        if guard is None or (_on_self(statement) and per_trace_self(traced)):
            continue
        # Deferred: only a candidate finding needs these.
        from tfgraph_lint.analysis.unknown_decorators import decorator_note, unknown_decorator_on_path
        from tfgraph_lint.rules.side_effects.forced_traces import side_channel_confidence

        confidence, text = side_channel_confidence(traced, HIGH), _message(statement, guard, traced)
        decorator = unknown_decorator_on_path(traced)
        if decorator is not None:  # it may run once only (see unknown_decorators)
            confidence, text = LOW, text + decorator_note(decorator)
        yield context.finding(RULE, statement, text, confidence=confidence, traced=traced)


def _flag(statement: nodes.NodeNG) -> nodes.NodeNG:
    targets = statement.targets if isinstance(statement, nodes.Assign) else [statement.target]
    return targets[0]


def _on_self(statement: nodes.NodeNG) -> bool:
    flag = _flag(statement)
    return isinstance(flag, nodes.AssignAttr) and self_class(flag.expr) is not None


def _message(statement: nodes.NodeNG, guard: nodes.If, traced: TracedFunction) -> str:
    flag = _flag(statement).as_string()
    return (f"'{flag} = ...' in {traced.subject} flips the flag only while tracing: the first trace "
            f"takes 'if {guard.test.as_string()}:' and returns, so the graph returns there on every call "
            f"and never runs the code after it; keep the first-call state in a tf.Variable and branch on "
            f"it with tf.cond, or do the first call's work outside the traced function")
