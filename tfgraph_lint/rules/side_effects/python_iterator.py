"""TFG106 python-iterator-in-graph: next() on a Python iterator advances it once, while tracing.

A Python iterator or generator keeps its position in Python. In graph code ``next(it)`` runs while
TensorFlow traces the function: the value it returns is frozen into the graph as a constant, and
every later call reuses it while the iterator never advances again.

Only iterators that outlive the call matter (a module global, a closure variable, ``self.it``, or
the same iterator passed to a tf.function on every call): an iterator made inside the function
is made afresh on every call in eager mode too. Iterators of ``tf.data`` datasets
(``iter(dataset)``) are TensorFlow objects whose ``next()`` is a graph operation and advances on
every call: silent. What the iterator iterates must be known to be Python (a literal, a list,
a generator function of the module, ``itertools``...); anything unknown stays silent.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_sites import bind_arguments, tf_function_calls
from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_name
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.trace_entries import dataset_confidence
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, Finding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG106",
    symbol="python-iterator-in-graph",
    msgid="W8706",
    summary="next() on a Python iterator in graph code is consumed once; every call reuses that value",
    default=Default.ON,
)

# Its findings are calls of ``next(...)`` and ``.__next__()``: a file without either word never
# imports this module.
TRIGGER_WORDS = ("next", "__next__")

# Builtins that return a Python iterator over their arguments.
_ITERATOR_BUILTINS = frozenset({"enumerate", "zip", "map", "filter", "reversed"})
# Kinds whose ``iter()`` is a Python iterator.
_PYTHON_ITERABLE_KINDS = frozenset({Kind.PYTHON_COLLECTION, Kind.PYTHON_SCALAR, Kind.NUMPY})
# Dataset methods that return Python iterators of NumPy values, not tf.data iterators.
_NUMPY_ITERATOR_METHODS = frozenset({"as_numpy_iterator"})


def check(context: ModuleContext) -> Iterator[Finding]:
    arguments = None  # call-site arguments of the module's tf.functions, computed on demand
    for call, traced in context.in_graph(nodes.Call):
        iterator = _next_argument(call)
        if iterator is None:
            continue
        confidence = _persistent_python_iterator(iterator, traced)
        if confidence is None and _is_root_parameter(iterator, traced):
            if arguments is None:
                arguments = _arguments_by_parameter(context)
            confidence = _passed_python_iterator(arguments.get((traced.node, iterator.name), []))
        if confidence is None:
            continue
        yield context.finding(RULE, call, _message(call, iterator, traced), confidence=confidence, traced=traced)


def _next_argument(call: nodes.Call) -> nodes.NodeNG | None:
    """``it`` of ``next(it)``, ``next(it, default)`` and ``it.__next__()``."""
    func = call.func
    if isinstance(func, nodes.Name) and func.name == "next" and is_builtin_name(func) and call.args:
        argument = call.args[0]
        return None if isinstance(argument, nodes.Starred) else argument
    if isinstance(func, nodes.Attribute) and func.attrname == "__next__" and not call.args:
        return func.expr
    return None


# -- iterators that outlive the call ---------------------------------------------------------

def _persistent_python_iterator(expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
    """The confidence that ``expr`` is a Python iterator living outside the traced frame."""
    if isinstance(expr, nodes.Name):
        if traced.is_local(expr):
            return None
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        confidence = HIGH
    elif isinstance(expr, nodes.Attribute) and (cls := self_class(expr.expr)) is not None:
        values = attribute_values(cls, expr.attrname)
        confidence = INFERENCE  # other code may still replace the attribute
    else:
        return None
    if not values or not all(_makes_python_iterator(value) for value in values):
        return None
    return confidence


def _makes_python_iterator(value: nodes.NodeNG | None, _depth: int = 0) -> bool:
    """``iter(<Python data>)``, a generator expression, a call of a generator function of the
    module, ``itertools.*(...)``, ``enumerate/zip/map/filter/reversed(...)``."""
    if value is None or _depth > 3:
        return False
    if isinstance(value, nodes.GeneratorExp):
        return True
    if not isinstance(value, nodes.Call):
        return False
    func = value.func
    if isinstance(func, nodes.Name) and is_builtin_name(func):
        if func.name == "iter":
            return len(value.args) == 1 and _is_python_iterable(value.args[0], _depth)
        return func.name in _ITERATOR_BUILTINS
    if isinstance(func, nodes.Attribute) and func.attrname in _NUMPY_ITERATOR_METHODS:
        return dataset_confidence(func.expr) is not None
    name = call_qualname(value)
    if name is not None and name.startswith("itertools."):
        return True
    if isinstance(func, nodes.Name):
        defs = [b for b in bindings(func, func.name) if isinstance(b, nodes.FunctionDef)]
        return bool(defs) and all(_is_generator_function(fn) for fn in defs)
    return False


def _is_python_iterable(expr: nodes.NodeNG, depth: int) -> bool:
    if dataset_confidence(expr) is not None:
        return False  # ``iter(dataset)``: a tf.data iterator, advanced by a graph operation
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and is_builtin_name(expr.func):
        if expr.func.name == "range":
            return True
    if _makes_python_iterator(expr, depth + 1):
        return True
    kind = value_kind(expr)
    return kind.kind in _PYTHON_ITERABLE_KINDS and kind.parameter is None


def _is_generator_function(fn: nodes.FunctionDef) -> bool:
    """A def whose own body yields (not a nested def's)."""
    stack = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (nodes.Yield, nodes.YieldFrom)):
            return True
        if not isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            stack.extend(node.get_children())
    return False


# -- the same iterator passed in on every call -------------------------------------------------

def _is_root_parameter(expr: nodes.NodeNG, traced: TracedFunction) -> bool:
    if not isinstance(expr, nodes.Name) or traced.reason.kind not in (TraceKind.DECORATOR, TraceKind.WRAPPER):
        return False
    found = bindings(expr, expr.name)
    return (len(found) == 1 and isinstance(found[0].parent, nodes.Arguments)
            and found[0].parent.parent is traced.node)


def _arguments_by_parameter(context) -> dict[tuple[nodes.NodeNG, str], list[nodes.NodeNG]]:
    found: dict[tuple[nodes.NodeNG, str], list[nodes.NodeNG]] = defaultdict(list)
    for site in tf_function_calls(context.module, context.index):
        for argument in bind_arguments(site):
            found[(site.traced.node, argument.parameter)].append(argument.node)
    return found


def _passed_python_iterator(arguments: list[nodes.NodeNG]) -> str | None:
    """HIGH when some call site passes a name bound to a Python iterator: the same iterator object
    on every call, so TensorFlow reuses the trace. (A new iterator per call, ``f(iter(xs))``, is
    a new object each time: TensorFlow retraces, and eager mode also starts afresh.)"""
    for argument in arguments:
        if isinstance(argument, nodes.Name):
            values = [assigned_value(binding) for binding in bindings(argument, argument.name)]
            if values and all(_makes_python_iterator(value) for value in values):
                return HIGH
    return None


# -- messages --------------------------------------------------------------------------------

def _message(call: nodes.Call, iterator: nodes.NodeNG, traced: TracedFunction) -> str:
    spelled = call.as_string()
    if len(spelled) > 50:
        spelled = spelled[:47] + "..."
    per_call = "every element of the dataset" if traced.root.reason.builder.startswith("Dataset.") else "every call"
    return (f"{spelled} in {traced.subject} advances the Python iterator only while tracing: {per_call} "
            "reuses the value frozen into the graph then; iterate a tf.data.Dataset instead "
            "(next(iter(dataset)) advances on every call), or pass the next value in as a tensor argument")
