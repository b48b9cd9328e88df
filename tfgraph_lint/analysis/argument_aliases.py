"""A helper's parameter that every graph caller fills with a collection living outside the trace.

``def remember(pool, x): pool.append(x)`` called from a tf.function as ``remember(self.images,
x)`` or ``remember(history, x)`` with a module-level ``history = []`` mutates the caller's
collection through the parameter: the change happens once per trace, exactly as if the caller
had written ``self.images.append(x)`` (an image pool in a GAN's training step is the classic
shape). A helper's parameter usually holds a per-trace local of its traced caller, so the rules
leave parameters alone unless every call from graph code in the module passes an outside
collection; the origin then names the caller's collection and where it is passed in.

The same holds for a tf.function's own argument handed on to a helper (``features =
preprocess(features)`` with ``def preprocess(f): f["scaled"] = ...``, or a preprocessing object
whose ``__call__`` writes into the dict it is given): the helper mutates the caller's object, and
TensorFlow (2.21 at least) refuses that when tracing ends ("should not modify its Python input
arguments"), exactly as if the tf.function had written it. The origin is then ``ARGUMENT`` with
where it is passed in. Callers that mix the two kinds leave the parameter alone.
"""

from __future__ import annotations

from collections.abc import Callable

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.semantic import ModuleContext

OUTSIDE = "that lives outside it ("
ARGUMENT = "argument"  # a tf.function's own parameter: the object its caller passed in


def is_argument(origin: str | None) -> bool:
    """The origin is a tf.function's own argument, directly or passed on to helpers."""
    return origin is not None and (origin == ARGUMENT or origin.startswith(f"{ARGUMENT} ("))

Origin = Callable[[nodes.NodeNG, TracedFunction], "str | None"]


def passed_in_origin(parameter: nodes.NodeNG, context: ModuleContext, origin_of: Origin) -> str | None:
    """Where the collection ``parameter`` receives lives ("that lives outside it (a module
    global, passed in as 'pool' at line 12)"), when every graph caller passes one that outlives
    the trace; None otherwise. ``origin_of(expr, caller)`` tells that for a caller's argument."""
    arguments = parameter.parent
    if not isinstance(parameter, nodes.AssignName) or not isinstance(arguments, nodes.Arguments):
        return None
    fn = arguments.parent
    # Helpers being followed, per module: a recursive helper (or two calling each other) ends the search.
    following = remembered(context.module, "argument aliases being followed")
    if not isinstance(fn, nodes.FunctionDef) or fn in following:
        return None
    traced = context.index.traced_function(fn)
    if traced is None or traced.reason.kind != TraceKind.CALLED:
        return None
    following[fn] = True
    try:
        found = []
        # Eager callers are not asked: what they pass changes nothing about traces.
        # todo: graph callers in other files of the project are not asked either (the project
        # view passes only whether each argument changes per call), so a helper module whose
        # functions only other files' tf.functions call stays silent here.
        for call, caller in context.graph_callers(fn):
            argument = argument_for(call, fn, parameter)
            origin = origin_of(argument, caller) if argument is not None else None
            if origin is None or not (origin.startswith(OUTSIDE) or is_argument(origin)):
                return None
            found.append((call.lineno, origin))
    finally:
        following.pop(fn, None)
    if not found or len({is_argument(origin) for _, origin in found}) > 1:
        return None  # none, or an outside collection from some callers and an argument from others
    line, origin = min(found)
    passed = f"passed in as '{parameter.name}' at line {line}"
    if origin == ARGUMENT:
        return f"{ARGUMENT} ({passed})"
    return f"{origin[:-1]}, {passed})"
