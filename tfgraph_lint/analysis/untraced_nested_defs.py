"""Defs nested in graph code that never run in the trace: handed to another thread or process, or
to ``tf.py_function``, or called only by such defs.

A def nested in graph code is traced with it when the traced code runs it: called, or handed to
something that calls it during the trace (``strategy.run``, ``tf.while_loop``, ``map``). One
handed to ``multiprocessing.Process(target=...)`` or ``threading.Thread(target=...)`` runs in
another process or thread, as plain Python, whatever traces the function that starts it
(Horovod's extension check forks a process whose target prints and reopens ``sys.stdout``;
the review corpus). A process made from a context (``multiprocessing.get_context(
"fork").Process``) counts, and so does ``Pool.apply_async(f)`` / ``map`` / ``submit`` on a pool
or executor of those modules. One handed to ``tf.py_function``, ``tf.numpy_function`` or
``tf.py_func`` as the function to run runs eagerly, as Python, on every call of the graph; and a
def whose every use in the enclosing function is inside defs that never run in the trace (a
serializer's helper that the py_function's body calls) never runs in it either.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, may_denote, references
from tfgraph_lint.analysis.trace_entries import arguments
from tfgraph_lint.core import tf_api

_RUNNERS = frozenset({"threading.Thread", "multiprocessing.Process", "threading.Timer"})
_CONTEXT_FACTORIES = frozenset({"multiprocessing.get_context"})
_POOLS = frozenset({
    "multiprocessing.Pool", "multiprocessing.pool.ThreadPool", "concurrent.futures.ThreadPoolExecutor",
    "concurrent.futures.ProcessPoolExecutor",
})
_POOL_METHODS = frozenset({"apply", "apply_async", "map", "map_async", "imap", "imap_unordered", "submit"})
_PYTHON_FUNCTION_WRAPPERS = frozenset(tf_api.PYTHON_FUNCTION_WRAPPERS)


def runs_outside_trace(fn: nodes.NodeNG, _asked: frozenset = frozenset()) -> bool:
    """Every use of the nested def ``fn`` in its enclosing function hands it to another thread
    or process, or to a Python-function wrapper, or lies in a def nested there that itself never
    runs in the trace (``_asked``: the defs whose answer is being found)."""
    scope = fn.parent.scope() if isinstance(fn, nodes.FunctionDef) and fn.parent is not None else None
    if not isinstance(scope, nodes.FunctionDef):
        return False
    uses = references(fn, scope)
    return bool(uses) and all(_handed_to_runner(use) or _handed_to_python_wrapper(use)
                              or _inside_untraced_def(use, scope, _asked | {fn}) for use in uses)


def _handed_to_python_wrapper(node: nodes.NodeNG) -> bool:
    """``node`` (a name, a lambda) is what ``tf.py_function(f, ...)`` or ``tf.numpy_function(func=f,
    ...)`` runs (the table's argument positions): as Python, on every call of the graph."""
    call = node.parent.parent if isinstance(node.parent, nodes.Keyword) else node.parent
    return (isinstance(call, nodes.Call) and runs_as_python(call)
            and any(arg is node for arg in arguments(call, tf_api.PYTHON_FUNCTION_WRAPPERS[call_qualname(call)])))


def runs_as_python(call: nodes.Call) -> bool:
    """``tf.py_function(f, ...)`` & co.: what the call is given runs as Python."""
    return may_denote(call.func, _PYTHON_FUNCTION_WRAPPERS) and call_qualname(call) in _PYTHON_FUNCTION_WRAPPERS


def _inside_untraced_def(use: nodes.Name, scope: nodes.FunctionDef, asked: frozenset) -> bool:
    """``use`` lies in a lambda handed to a Python-function wrapper (``tf.py_function(lambda v:
    helper(v), ...)``), or in a def nested in ``scope`` that never runs in the trace. A def whose
    answer is being found (``asked``: a recursion's cycle) counts as never running in it: only
    its uses from elsewhere can bring it into the trace, and those are asked too."""
    node = use.parent
    while node is not None and node is not scope:
        if isinstance(node, nodes.Lambda) and _handed_to_python_wrapper(node):
            return True
        if isinstance(node, nodes.FunctionDef) and node.parent is not None and node.parent.scope() is scope:
            return node in asked or runs_outside_trace(node, asked)
        node = node.parent
    return False


def _handed_to_runner(use: nodes.Name) -> bool:
    parent = use.parent
    if isinstance(parent, nodes.Keyword) and parent.arg == "target" and isinstance(parent.parent, nodes.Call):
        return _makes_runner(parent.parent)
    if isinstance(parent, nodes.Call) and parent.args and parent.args[0] is use:
        func = parent.func
        return (isinstance(func, nodes.Attribute) and func.attrname in _POOL_METHODS
                and _made_by(func.expr, _POOLS))
    return False


def _makes_runner(call: nodes.Call) -> bool:
    if call_qualname(call) in _RUNNERS:
        return True
    func = call.func  # ``ctx.Process(target=...)`` with ``ctx = multiprocessing.get_context(...)``
    return (isinstance(func, nodes.Attribute) and func.attrname in ("Process", "Thread")
            and _made_by(func.expr, _CONTEXT_FACTORIES))


def _made_by(expr: nodes.NodeNG, factories: frozenset[str]) -> bool:
    if isinstance(expr, nodes.Call):
        return call_qualname(expr) in factories
    if isinstance(expr, nodes.Name):  # ``ctx = multiprocessing.get_context("fork")``, then ``ctx``
        values = [_bound_value(binding) for binding in bindings(expr, expr.name)]
        return bool(values) and all(isinstance(v, nodes.Call) and call_qualname(v) in factories for v in values)
    return False


def _bound_value(binding: nodes.NodeNG) -> nodes.NodeNG | None:
    """What ``name = value`` or ``with value as name:`` binds the name to."""
    statement = binding.parent
    if isinstance(statement, nodes.With):
        return next((item for item, target in statement.items if target is binding), None)
    return assigned_value(binding)
