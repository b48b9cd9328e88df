"""Helpers graph code enters through a decorator whose effect the linter does not know.

A helper that graph code calls runs on every trace, unless something stands between the call and
its body. A decorator does: ``@snt.once`` (DeepMind's Sonnet 2 builds every module's variables in
a method under it) runs the body on the first call only, ``functools.lru_cache`` once per
argument, and a project's own decorator may do either. Whether a decorator runs the body on every
call is in its code, which is often in another package, so the claims "creates a new variable on
every trace" (TFG201) and "rebinds the attribute on every trace" (TFG105) are not shown there: the
rules report them LOW, naming the decorator.

Known to run the body on every call, and so ignored: Python's own ``property``/``staticmethod``/
``classmethod`` and property accessors, ``functools.wraps``, ``abc``/``typing`` markers,
TensorFlow's and Keras's decorators (``tf.Module.with_name_scope``, ``do_not_convert``; the
static path never looks into TensorFlow, and none of them memoizes a user's method), and a
decorator of the same module whose code shows it: it returns the function, or a wrapper that
calls it in a statement of its own body, outside any ``if``.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import bindings, is_builtin_name, qualified_name

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
    if isinstance(target, nodes.Name):
        defined = [b for b in bindings(target, target.name) if isinstance(b, nodes.FunctionDef)]
        if defined and all(_always_calls_through(decorator) for decorator in defined):
            return True
    name = qualified_name(target) or ""
    return name in _PASSTHROUGH or name.startswith(_PASSTHROUGH_PREFIXES)


def _always_calls_through(decorator: nodes.FunctionDef) -> bool:
    """A decorator of this module whose code shows it runs the function on every call: it returns
    the function itself, or a wrapper that calls it in a statement of its own body, outside any
    ``if`` (``def timed(fn): def wrapper(*a, **k): start = time.time(); out = fn(*a, **k); ...``)."""
    parameters = decorator.args.args or []
    if not parameters:
        return False
    wrapped = parameters[0].name
    returned = [r.value for r in decorator.nodes_of_class(nodes.Return)
                if r.scope() is decorator and r.value is not None]
    if not returned:
        return False
    for value in returned:
        if isinstance(value, nodes.Name) and value.name == wrapped:
            continue  # ``return fn``
        wrappers = [d for d in decorator.body if isinstance(d, nodes.FunctionDef)
                    and isinstance(value, nodes.Name) and d.name == value.name]
        if len(wrappers) != 1 or not _calls_in_own_body(wrappers[0], wrapped):
            return False
    return True


def _calls_in_own_body(wrapper: nodes.FunctionDef, wrapped: str) -> bool:
    """A statement of the wrapper's own body calls the function, and no earlier statement can
    return first (``if key in cache: return cache[key]`` makes a memoizer)."""
    for statement in wrapper.body:
        if isinstance(statement, (nodes.Expr, nodes.Return, nodes.Assign)) and isinstance(statement.value, nodes.Call):
            func = statement.value.func
            if isinstance(func, nodes.Name) and func.name == wrapped:
                return True
        exits = statement.nodes_of_class((nodes.Return, nodes.Raise), skip_klass=nodes.FunctionDef)
        if next(exits, None) is not None:
            return False  # it may leave before the call
    return False


def decorator_note(decorator: str) -> str:
    """The words a message adds for such a helper."""
    return f" (unless its decorator '@{decorator}' runs it less often, e.g. once: the linter does not follow it)"
