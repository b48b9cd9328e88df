"""TFG306 deprecated-tf-function-argument: ``tf.function`` options that TensorFlow renamed or dropped.

What TensorFlow 2.21 does with each (``polymorphic_function.function``):

- ``experimental_relax_shapes``: logs a deprecation warning, then behaves as ``reduce_retracing``;
- ``experimental_compile``: logs a deprecation warning, then behaves as ``jit_compile``;
- ``experimental_follow_type_hints``: logs a deprecation warning and is otherwise *ignored*:
  arguments annotated ``tf.Tensor`` are no longer converted to tensors, so Python numbers passed
  for them retrace per value, which is what the option was written to prevent.

Reported on the keyword itself, in every spelling that passes options to TensorFlow's own
``tf.function``: the decorator ``@tf.function(...)``, the wrapper ``tf.function(f, ...)`` or
``tf.function(...)(f)``, and ``functools.partial(tf.function, ...)``. User-configured
tf.function-like decorators are not checked: their keywords are their own.

The advice holds only where the new spelling exists: ``jit_compile`` from TensorFlow 2.5,
``reduce_retracing`` from 2.9, and ``experimental_follow_type_hints`` is documented as deprecated
from 2.14 at the latest (2.10 still honours it). A project whose packaging allows only older
releases (``declared_tensorflow``: ``tensorflow==2.4.1``) is not told: the option is current
there, and the new keyword would raise a TypeError. One that also allows older releases than
that (``tensorflow>=2.2``) is told at LOW, saying which release lacks the new keyword. A project
whose own code calls an API removed in the release that brought the new keyword, or earlier
(``tf.keras.mixed_precision.experimental``, gone in 2.9: analysis/tensorflow_generation), runs on
older releases only: it is not told either.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.declared_tensorflow import tensorflow_range
from tfgraph_lint.analysis.names import call_qualname, calls_named, qualified_name
from tfgraph_lint.analysis.trace_entries import told_definitions
from tfgraph_lint.analysis.tensorflow_generation import told_before
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.core.findings import LOW, Finding
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.core.tf_api import TF_FUNCTION

RULE = declare(
    code="TFG306",
    symbol="deprecated-tf-function-argument",
    msgid="R8736",
    summary="Deprecated tf.function arguments (experimental_relax_shapes, experimental_compile, ...)",
    default=Default.ON,
    fix="tf_function_args_fix",
)

# Its findings are keyword arguments, whose names are written out: a file without one of the
# deprecated names never imports this module (a test holds these to ``_DEPRECATED``).
TRIGGER_WORDS = ("experimental_relax_shapes", "experimental_compile", "experimental_follow_type_hints")

_TAKES_TF_FUNCTION_OPTIONS = frozenset({TF_FUNCTION, "functools.partial"})

# keyword -> the first TensorFlow release where it is deprecated and its fix can be written
# (release notes and API documentation of ``tf.function`` per release).
_DEPRECATED_SINCE = {
    "experimental_relax_shapes": (2, 9),  # reduce_retracing is new in 2.9
    "experimental_compile": (2, 5),  # jit_compile is new in 2.5
    "experimental_follow_type_hints": (2, 14),  # documented as deprecated in 2.14, honoured in 2.10
}
# keyword -> (what TensorFlow does with it, the fix; ``{value}`` is the keyword's value as written)
_DEPRECATED = {
    "experimental_relax_shapes": (
        "is deprecated: TensorFlow logs a deprecation warning and treats it as reduce_retracing",
        "write reduce_retracing={value}",
    ),
    "experimental_compile": (
        "is deprecated: TensorFlow logs a deprecation warning and treats it as jit_compile",
        "write jit_compile={value}",
    ),
    "experimental_follow_type_hints": (
        "is deprecated and ignored: arguments annotated tf.Tensor are no longer converted to "
        "tensors, so every new Python value passed for them builds a new graph",
        "remove it and pass tensors, or declare an input_signature",
    ),
}


def check(context: ModuleContext) -> Iterator[Finding]:
    allowed = None
    for call in calls_named(context.module, _TAKES_TF_FUNCTION_OPTIONS):
        if not _passes_tf_function_options(call):
            continue
        for keyword in call.keywords or ():
            if keyword.arg not in _DEPRECATED:
                continue
            if allowed is None:
                allowed = tensorflow_range(str(context.module.file or ""))
            since = _DEPRECATED_SINCE[keyword.arg]
            if allowed.only_older_than(since):
                continue  # every release the project allows takes the option as it is
            shown = _runs_before(context.module)
            if shown is not None and shown[0] <= since:
                continue  # the project's code calls an API that the release with the new keyword lacks
            message = _message(context, call, keyword)
            if allowed.allows_older_than(since):
                oldest = ".".join(map(str, allowed.oldest))
                current = ".".join(map(str, since))
                yield context.finding(RULE, keyword, f"{message} (but the project also allows TensorFlow "
                                      f"{oldest}, where this option is current: the change needs "
                                      f"TensorFlow {current} or later)", confidence=LOW)
                continue
            yield context.finding(RULE, keyword, message)


def _runs_before(module: nodes.Module) -> tuple | None:
    """What the project view says the project's own code shows: it runs on TensorFlow older than a
    release (analysis/tensorflow_generation)."""
    return told_before(told_definitions(module))


def _passes_tf_function_options(call: nodes.Call) -> bool:
    """``tf.function(...)`` itself, or ``functools.partial(tf.function, ...)``."""
    name = call_qualname(call)
    if name == TF_FUNCTION:
        return True
    return name == "functools.partial" and bool(call.args) and qualified_name(call.args[0]) == TF_FUNCTION


def _message(context, call: nodes.Call, keyword: nodes.Keyword) -> str:
    effect, fix = _DEPRECATED[keyword.arg]
    value = keyword.value.as_string()
    return f"{keyword.arg}={value} in {_subject(context, call)} {effect}; {fix.format(value=value)}"


def _subject(context, call: nodes.Call) -> str:
    """How the message names the function: "tf.function 'step'", or "this tf.function"."""
    for fn in _wrapped_functions(call):
        traced = context.index.traced_function(fn)
        if traced is not None and traced.is_tf_function:
            return traced.subject
    return "this tf.function"


def _wrapped_functions(call: nodes.Call) -> list:
    parent = call.parent
    if isinstance(parent, nodes.Decorators):
        return [parent.parent]
    target = next((kw.value for kw in call.keywords or () if kw.arg == "func"), None)
    if target is None and call.args and call_qualname(call) == TF_FUNCTION:
        target = call.args[0]
    if target is None and isinstance(parent, nodes.Call) and parent.func is call and parent.args:
        target = parent.args[0]  # tf.function(...)(f)
    return resolve_callables(target) if target is not None else []
