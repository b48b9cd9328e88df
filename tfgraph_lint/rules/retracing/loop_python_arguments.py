"""Calls that pass a loop's own Python items: a new graph per iteration whatever makes the function.

``for dtype, dim in itertools.product(dtypes, dims): tf.function(test, jit_compile=True)(self,
dtype, dim)`` (Horovod's XLA tests, the review corpus) makes a tf.function per
iteration, but each iteration passes other Python values (a dtype, a rank), which a single
tf.function made once before the loop would trace for anew as well: hoisting saves no trace.
Python items are what a ``range``, a literal list or tuple (of constants and attribute constants
such as ``tf.float32``), or ``itertools.product``/``zip``/``enumerate`` of those yield; a loop
over anything else (a dataset, a list of tensors) may give values a shared function would reuse
its graph for. So is what a helper of the module returns when it only selects from the Python
items it is given: it returns its parameter, rebound at most to a filtering comprehension over
itself (``types = [t for t in types if t in supported]; return types``: Horovod's
``self.filter_supported_types([tf.uint8, ...])``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_call
from tfgraph_lint.analysis.node_index import descendants

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
        if name in _COMBINERS:
            return bool(expr.args) and all(_python_items(arg, depth + 1) for arg in expr.args)
        return _selects_from_python_items(expr, depth)
    return False


def _selects_from_python_items(call: nodes.Call, depth: int) -> bool:
    """``self.filter_supported_types([tf.uint8, tf.int8])``: a helper of the module that returns
    (a filtered selection of) the Python items given for one of its parameters."""
    callees = resolve_callables(call.func)
    if len(callees) != 1 or not isinstance(callees[0], nodes.FunctionDef):
        return False
    fn = callees[0]
    for parameter in fn.args.arguments or ():
        given = argument_for(call, fn, parameter)
        if given is not None and _python_items(given, depth + 1) and _returns_selection_of(fn, parameter.name):
            return True
    return False


def _returns_selection_of(fn: nodes.FunctionDef, name: str) -> bool:
    """Every ``return`` of ``fn`` gives back ``name``, which the body binds at most to a
    comprehension that keeps some of its own items (``[t for t in name if ...]``)."""
    returns = [node for node in descendants(fn, nodes.Return) if node.frame() is fn]
    if not returns or not all(isinstance(r.value, nodes.Name) and r.value.name == name for r in returns):
        return False
    for binding in descendants(fn, nodes.AssignName):
        if binding.name != name or binding.frame() is not fn or isinstance(binding.parent, nodes.Arguments):
            continue
        value = assigned_value(binding)
        if not (isinstance(value, nodes.ListComp) and len(value.generators) == 1 and _keeps_items_of(value, name)):
            return False
    return True


def _keeps_items_of(comprehension: nodes.ListComp, name: str) -> bool:
    generator = comprehension.generators[0]
    return (isinstance(generator.iter, nodes.Name) and generator.iter.name == name
            and isinstance(generator.target, nodes.AssignName) and isinstance(comprehension.elt, nodes.Name)
            and comprehension.elt.name == generator.target.name)
