"""Helpers graph code enters through a decorator whose effect the linter does not know.

A helper that graph code calls runs on every trace, unless something stands between the call and
its body. A decorator does: ``@snt.once`` (DeepMind's Sonnet 2 builds every module's variables in
a method under it) runs the body on the first call only, ``functools.lru_cache`` once per
argument, and a project's own decorator may do either. Whether a decorator runs the body on every
call is in its code, which is often in another package, so the claims "creates a new variable on
every trace" (TFG201) and "rebinds the attribute on every trace" (TFG105) are not shown there: the
rules report them LOW, naming the decorator.

Known to run the body on every call, and so ignored: Python's own ``property``/``staticmethod``/
``classmethod`` and property accessors, ``functools.wraps``, ``abc``/``typing`` markers, and
TensorFlow's and Keras's decorators (``tf.Module.with_name_scope``, ``do_not_convert``; the
static path never looks into TensorFlow, and none of them memoizes a user's method).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import is_builtin_name, qualified_name

_BUILTIN_PASSTHROUGH = frozenset({"property", "staticmethod", "classmethod"})
_PASSTHROUGH_PREFIXES = ("tensorflow.", "keras.", "tf_keras.", "abc.", "typing.", "typing_extensions.")
_PASSTHROUGH = frozenset({"functools.wraps", "functools.singledispatchmethod", "functools.singledispatch"})
_ACCESSORS = frozenset({"setter", "getter", "deleter"})


def unknown_decorator_on_path(traced: TracedFunction) -> str | None:
    """The first decorator, as written, of a helper on the call path from the traced root to
    ``traced`` (the root itself excluded: its decorators are how it is traced) whose effect on
    how often the body runs is not known; None when every helper is entered plainly."""
    step: TracedFunction | None = traced
    while step is not None and step.reason.kind == TraceKind.CALLED:
        found = _unknown_decorator(step.node)
        if found is not None:
            return found
        step = step.reason.via
    return None


def _unknown_decorator(fn: nodes.NodeNG) -> str | None:
    if not isinstance(fn, nodes.FunctionDef) or not fn.decorators:
        return None
    for decorator in fn.decorators.nodes:
        target = decorator.func if isinstance(decorator, nodes.Call) else decorator
        if not _runs_body_every_call(target):
            return decorator.as_string()
    return None


def _runs_body_every_call(target: nodes.NodeNG) -> bool:
    if isinstance(target, nodes.Name) and target.name in _BUILTIN_PASSTHROUGH and is_builtin_name(target):
        return True
    if isinstance(target, nodes.Attribute) and target.attrname in _ACCESSORS:
        return True  # ``@value.setter``
    name = qualified_name(target) or ""
    return name in _PASSTHROUGH or name.startswith(_PASSTHROUGH_PREFIXES)


def decorator_note(decorator: str) -> str:
    """The words a message adds for such a helper."""
    return f" (unless its decorator '@{decorator}' runs it less often, e.g. once: the linter does not follow it)"
