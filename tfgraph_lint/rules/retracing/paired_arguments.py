"""Numbers a tf.function's call sites pass together with a function that keys a trace anyway.

A tf.function keys its traces on every Python argument: a function it is handed by identity, a
literal by value. When each call site passes a different number together with a different
function (``random_apply(color_jitter, x, p=0.8)``, ``random_apply(color_drop, x, p=0.2)``: a
self-supervised augmentation pipeline), every number comes with a function that needs a graph
of its own anyway. The number adds no trace, and passing it as a tensor would save none.

Shown when, at every call site, another argument is a function (a name bound only to defs or
lambdas, a lambda, a class) and the number is the same wherever the other Python arguments
(those functions, and literals) are the same: the number is determined by them.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.call_sites import TfFunctionCall, bind_arguments
from tfgraph_lint.analysis.names import assigned_value, bindings


def determined_by_functions(sites: list[tuple[TfFunctionCall, str, object]]) -> list[str] | None:
    """For the call sites of one tf.function passing different numbers for one parameter (``(call,
    parameter, number)`` each): the functions that come with them, spelled as written, when each
    number comes with functions that key a trace anyway (see the module's text); None otherwise."""
    numbers: dict[tuple, object] = {}
    spelled: list[str] = []
    for found, parameter, number in sites:
        keyed = [(argument, key) for argument in bind_arguments(found) if argument.parameter != parameter
                 and (key := _python_key(argument.node)) is not None]
        code = [argument.node.as_string() for argument, (kind, _) in keyed if kind == "code"]
        if not code:
            return None  # nothing else at this site keys a trace of its own
        signature = tuple(sorted(((argument.parameter, key) for argument, key in keyed), key=lambda item: item[0]))
        if numbers.setdefault(signature, number) != number:
            return None  # the same other arguments with another number: the number adds a trace
        spelled += code
    return list(dict.fromkeys(spelled))


def _python_key(expr: nodes.NodeNG) -> tuple[str, object] | None:
    """What a trace is keyed on for ``expr`` when the code shows it: ``("code", def)`` for a
    function or class, ``("value", v)`` for a literal; None for anything else (a tensor, say)."""
    if isinstance(expr, nodes.Const):
        return "value", (type(expr.value).__name__, expr.value)
    if isinstance(expr, nodes.Lambda):
        return "code", expr
    if isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        if found and all(_is_code(binding) for binding in found):
            return "code", tuple(found)
    return None


def _is_code(binding: nodes.NodeNG) -> bool:
    return isinstance(binding, (nodes.FunctionDef, nodes.ClassDef)) or isinstance(assigned_value(binding), nodes.Lambda)
