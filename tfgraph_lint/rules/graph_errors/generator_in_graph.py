"""TFG206 generator-in-graph: a traced function that contains ``yield`` is a generator function.

AutoGraph does not convert generator functions, and what such a function returns is a Python
generator object, which TensorFlow cannot turn into tensors: a ``tf.function`` raises TypeError
on its first call ("found return value of type generator"), ``Dataset.map`` raises TypeError
("Unsupported return value"), a Keras ``call`` fails the same way.

Only functions whose return value TensorFlow itself receives are reported: tf.functions, the
functions given to graph builders, and the Keras methods Keras compiles. A generator *helper*
called from graph code (``for t in pairs(x):``) is iterated by Python while tracing, which works
(AutoGraph only warns that it does not convert it), so helpers and nested defs stay silent.
Generators handed to ``tf.data.Dataset.from_generator`` run as Python and are never reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import calls_named
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG206",
    symbol="generator-in-graph",
    msgid="E8726",
    summary="yield in graph code: AutoGraph does not convert generators",
    default=Default.ON,
)

# Its findings are ``yield`` expressions: a file without the word never imports this module.
TRIGGER_WORDS = ("yield",)

# Trace kinds whose function's return value goes to TensorFlow, not to Python code.
_RETURNS_TO_TENSORFLOW = (TraceKind.DECORATOR, TraceKind.WRAPPER, TraceKind.BUILDER, TraceKind.KERAS)

# ``Dataset.from_generator(generator, ...)`` calls its generator as Python, through a py_function.
_FROM_GENERATOR = frozenset({"tensorflow.data.Dataset.from_generator"})


def check(context: ModuleContext) -> Iterator[Finding]:
    python_generators = _from_generator_callables(context.module)
    for node, traced in context.in_graph(nodes.Yield):
        if traced.reason.kind not in _RETURNS_TO_TENSORFLOW or traced.node in python_generators:
            continue
        statement = "yield from" if isinstance(node, nodes.YieldFrom) else "yield"
        yield context.finding(RULE, node, _message(statement, traced), traced=traced)


def _message(statement: str, traced: TracedFunction) -> str:
    return (
        f"'{statement}' makes {traced.subject} a generator function: AutoGraph does not convert "
        "generators, and the generator object it returns cannot become a tensor, so TensorFlow "
        "raises TypeError; return tensors instead (collect the values with tf.TensorArray or "
        "tf.stack), or feed a Python generator through tf.data.Dataset.from_generator"
    )


def _from_generator_callables(module: nodes.Module) -> set[nodes.NodeNG]:
    """The functions of this module passed to ``tf.data.Dataset.from_generator``."""
    found: set[nodes.NodeNG] = set()
    for call in calls_named(module, _FROM_GENERATOR):
        argument = call.args[0] if call.args else next(
            (kw.value for kw in call.keywords or () if kw.arg == "generator"), None)
        if argument is not None:
            found.update(resolve_callables(argument))
    return found
