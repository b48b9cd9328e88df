"""Calls that pass a loop's own Python items: a new graph per iteration whatever makes the function.

``for dtype, dim in itertools.product(dtypes, dims): tf.function(test, jit_compile=True)(self,
dtype, dim)`` (Horovod's XLA tests, review corpus of issue #11) makes a tf.function per
iteration, but each iteration passes other Python values (a dtype, a rank), which a single
tf.function made once before the loop would trace for anew as well: hoisting saves no trace.
Python items are what a ``range``, a literal list or tuple (of constants and attribute constants
such as ``tf.float32``), or ``itertools.product``/``zip``/``enumerate`` of those yield; a loop
over anything else (a dataset, a list of tensors) may give values a shared function would reuse
its graph for.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_call

_COMBINERS = frozenset({"itertools.product", "zip", "enumerate"})


def passes_loop_items(calls: list[nodes.Call], loops: list[nodes.NodeNG]) -> bool:
    """Every call passes, as an argument, a name that one of ``loops`` binds to its Python items."""
    targets = {name.name for loop in loops if isinstance(loop, nodes.For) and _python_items(loop.iter)
               for name in loop.target.nodes_of_class(nodes.AssignName)}
    return bool(calls) and bool(targets) and all(
        any(isinstance(arg, nodes.Name) and arg.name in targets
            for arg in [*call.args, *(keyword.value for keyword in call.keywords or ())])
        for call in calls)


def _python_items(expr: nodes.NodeNG, depth: int = 0) -> bool:
    if depth > 3:
        return False
    if isinstance(expr, (nodes.List, nodes.Tuple)):
        return bool(expr.elts) and all(isinstance(e, (nodes.Const, nodes.Attribute)) for e in expr.elts)
    if isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        value = assigned_value(found[0]) if len(found) == 1 else None
        return value is not None and _python_items(value, depth + 1)
    if isinstance(expr, nodes.Call):
        if is_builtin_call(expr, "range"):
            return True
        name = "zip" if is_builtin_call(expr, "zip") else "enumerate" if is_builtin_call(expr, "enumerate") \
            else call_qualname(expr)
        return name in _COMBINERS and bool(expr.args) and all(
            _python_items(arg, depth + 1) for arg in expr.args)
    return False
