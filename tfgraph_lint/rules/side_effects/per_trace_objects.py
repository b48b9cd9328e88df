"""Objects made while tracing: their attributes are per-trace locals, not state that outlives it.

``processor = InputProcessor(image)`` in a ``Dataset.map`` function, then ``processor.normalize()``
whose body does ``self._image -= mean``: the object is built afresh on every trace and dropped
after it, so what its methods do to ``self`` is what a local variable would do. TFG104 and TFG105
stay silent on ``self`` there. A method counts as run on such an object when every call of it from
graph code has a receiver the traced caller constructs itself (``p = Cls(...); p.m()``,
``Cls(...).m()``), or is ``self.m()`` in a method that itself only runs on such objects.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import instance_class, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import assigned_value, bindings


class PerTraceSelf:
    """Tells whether ``self`` in a traced method is an object made during the same trace."""

    def __init__(self, context) -> None:
        self._context = context
        self._answers: dict[nodes.NodeNG, bool] = {}

    def __call__(self, traced: TracedFunction) -> bool:
        if traced.reason.kind != TraceKind.CALLED or not isinstance(traced.node, nodes.FunctionDef):
            return False  # an entry point (a tf.function, a Keras method) runs on long-lived objects
        method = traced.node
        if method not in self._answers:
            self._answers[method] = False  # recursion: not shown until shown
            sites = [(call, caller) for call, caller in self._context.graph_callers(method)
                     if isinstance(call.func, nodes.Attribute)]
            self._answers[method] = bool(sites) and all(self._made_in_trace(call, caller) for call, caller in sites)
        return self._answers[method]

    def _made_in_trace(self, call: nodes.Call, caller: TracedFunction) -> bool:
        receiver = call.func.expr
        if isinstance(receiver, nodes.Call):
            return instance_class(receiver) is not None  # ``Cls(...).m()``
        if not isinstance(receiver, nodes.Name):
            return False
        if self_class(receiver) is not None:  # ``self.m()``: as made as the caller's self
            return self(caller)
        if not caller.is_local(receiver):
            return False
        found = bindings(receiver, receiver.name)
        return bool(found) and all(
            isinstance(value := assigned_value(binding), nodes.Call) and instance_class(value) is not None
            for binding in found)
