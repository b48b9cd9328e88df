"""Graph code that guards an eager-only call with ``try:``, expecting it to fail while tracing.

A call that needs a concrete value (``t.numpy()``, NumPy on a tensor) raises in Python while
TensorFlow traces the function, so a ``try:`` around it in the graph code itself does catch that
error. When the handler catches what tracing raises (a bare ``except:``, ``Exception``,
``BaseException``, or the call's own error class), the author wrote an eager-only path that is
meant to fail, and be skipped, when traced::

    try:
        print("loss", loss.numpy())
    except:  # graph mode
        pass

The rules report the call LOW there, and say so. A handler for other errors (``except
KeyError:``) catches nothing tracing raises, so the call stays reported.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import is_builtin_name

# Handlers that catch whatever the body raises.
_CATCH_ALL = frozenset({"Exception", "BaseException"})
# What ``t.numpy()`` raises on a symbolic tensor, and what NumPy's conversion of one raises
# (NotImplementedError; TypeError for some conversions).
NUMPY_METHOD_ERRORS = frozenset({"AttributeError"})
ARRAY_CONVERSION_ERRORS = frozenset({"TypeError", "NotImplementedError"})


def guarding_try(node: nodes.NodeNG, errors: frozenset[str]) -> nodes.Try | None:
    """The ``try:`` of ``node``'s own function whose body holds ``node`` and one of whose
    handlers catches any of ``errors`` (or everything); None when there is none."""
    fn = node.frame()
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if isinstance(parent, nodes.Try) and child in parent.body and any(
                _catches(handler, errors) for handler in parent.handlers):
            return parent
        child, parent = parent, parent.parent
    return None


def _catches(handler: nodes.ExceptHandler, errors: frozenset[str]) -> bool:
    if handler.type is None:
        return True  # a bare ``except:``
    caught = handler.type.elts if isinstance(handler.type, nodes.Tuple) else [handler.type]
    return any(_class_name(expr) in _CATCH_ALL | errors for expr in caught)


def _class_name(expr: nodes.NodeNG) -> str | None:
    """The builtin exception class ``expr`` names (``AttributeError``, ``builtins.Exception``)."""
    if isinstance(expr, nodes.Name):
        return expr.name if is_builtin_name(expr) else None
    if isinstance(expr, nodes.Attribute) and isinstance(expr.expr, nodes.Name) and expr.expr.name == "builtins":
        return expr.attrname
    return None


def guarded_message(guard: nodes.Try) -> str:
    """Words for a finding's message about the ``try:`` at ``guard``."""
    return (f"; it sits in the try: at line {guard.lineno}, whose handler catches that error: "
            "perhaps an eager-only path meant to be skipped while tracing")


def raising_numpy_call(call: nodes.Call, evidence, traced) -> nodes.Call | None:
    """A ``t.numpy()`` among ``call``'s arguments on a value that may be a tensor (``evidence``:
    analysis/tensor_evidence): it raises while tracing before ``call`` runs, so ``call`` itself
    never runs in graph code (``print("loss", loss.numpy())``)."""
    for argument in [*call.args, *(keyword.value for keyword in call.keywords or ())]:
        for inner in [argument, *argument.nodes_of_class(nodes.Call)]:
            if (isinstance(inner, nodes.Call) and isinstance(inner.func, nodes.Attribute)
                    and inner.func.attrname == "numpy" and not inner.args and not inner.keywords
                    and evidence.possible_tensor(inner.func.expr, traced) is not None):
                return inner
    return None
