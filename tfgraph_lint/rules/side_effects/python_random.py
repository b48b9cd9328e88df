"""TFG102 python-random-in-graph: NumPy or stdlib random in graph code is drawn once, at trace time.

The draw happens while TensorFlow traces the function; its result is frozen into the graph as a
constant, so every later call (or every dataset element) gets the same "random" numbers.
Covers ``numpy.random.*`` and ``random.*`` in any import spelling, and the methods of generators
bound lexically to ``np.random.default_rng(...)``, ``np.random.Generator(...)``,
``np.random.RandomState(...)``, ``random.Random(...)`` (module level, local, or ``self.rng``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from astroid import nodes

from tfgraph_lint.analysis.callables import own_nodes
from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import initialises_state
from tfgraph_lint.core.findings import HIGH, Finding, of_every_binding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG102",
    symbol="python-random-in-graph",
    msgid="W8702",
    summary="NumPy or stdlib random in graph code is drawn once, then frozen into the graph",
    # A seed hazard: on at HIGH and INFERENCE whatever the measurements of the day say (users hit
    # it first, and `verify` confirms it); its deliberate forms are LOW by evidence in the code.
    default=Default.SEED,
    fix="random_fix",
)

# Seeding, state and constructors draw nothing.
_NUMPY_NOT_DRAWING = frozenset({
    "seed", "get_state", "set_state", "default_rng", "get_bit_generator", "set_bit_generator",
})
_STDLIB_NOT_DRAWING = frozenset({"seed", "getstate", "setstate"})
_GENERATOR_NOT_DRAWING = frozenset({
    "seed", "get_state", "set_state", "getstate", "setstate", "spawn", "jumped", "bit_generator",
})
_GENERATOR_CONSTRUCTORS = frozenset({
    "numpy.random.default_rng", "numpy.random.Generator", "numpy.random.RandomState",
    "random.Random", "random.SystemRandom",
})
_NUMPY_SUBMODULES = ("numpy.random.mtrand.",)

# The TensorFlow op to use instead, by the drawing function's name.
_NORMAL = ("normal", "randn", "standard_normal", "gauss", "normalvariate")
_UNIFORM = ("uniform", "rand", "random", "random_sample", "ranf")
_INTEGER = ("randint", "integers", "randrange", "random_integers", "getrandbits")
_SHUFFLE = ("shuffle", "permutation", "permuted")
_REPLACEMENTS = {
    **{name: "tf.random.normal()" for name in _NORMAL},
    **{name: "tf.random.uniform()" for name in _UNIFORM},
    **{name: "tf.random.uniform() with an integer dtype" for name in _INTEGER},
    **{name: "tf.random.shuffle()" for name in _SHUFFLE},
    "poisson": "tf.random.poisson()",
    "gamma": "tf.random.gamma()",
    "gammavariate": "tf.random.gamma()",
    "choice": "an index drawn by tf.random.uniform() with an integer dtype",
    "choices": "indices drawn by tf.random.uniform() with an integer dtype",
}


def check(context: ModuleContext) -> Iterator[Finding]:
    once = context.runs_once
    # ``with tf.init_scope():`` blocks (skipped by the index) still run their Python once per trace.
    for call, traced in chain(context.in_graph(nodes.Call), context.in_init_scope(nodes.Call)):
        drawn = _random_draw(call, traced)
        if drawn is None:
            continue
        function, confidence = drawn
        if initialises_state(call, traced.node) or once(call, traced):
            continue  # drawn once in eager mode too: a variable's initial value, a singleton
        if _reseeded_before(call, traced):
            continue  # the same numbers on every call in eager mode too
        from tfgraph_lint.analysis.seed_draws import used_only_as_seed  # deferred: only a candidate finding needs it

        if used_only_as_seed(call):
            continue  # an op-level seed of a stateful TensorFlow op: the op still draws anew
        yield context.finding(RULE, call, _message(call, function, traced), confidence=confidence, traced=traced)


def _random_draw(call: nodes.Call, traced: TracedFunction) -> tuple[str, str] | None:
    """(name of the drawing function, confidence) when the call draws NumPy/stdlib random numbers."""
    name = call_qualname(call)
    if name is not None:
        for submodule in _NUMPY_SUBMODULES:
            if name.startswith(submodule):
                name = "numpy.random." + name[len(submodule):]
        package, _, function = name.rpartition(".")
        if package == "numpy.random":
            if function in _NUMPY_NOT_DRAWING or not _is_function_name(function):
                return None
            return function, HIGH
        if package == "random":
            if function in _STDLIB_NOT_DRAWING or not _is_function_name(function):
                return None
            return function, HIGH
        return None
    func = call.func
    if not isinstance(func, nodes.Attribute):
        return None
    method = func.attrname
    if method in _GENERATOR_NOT_DRAWING or not _is_function_name(method):
        return None
    confidence = _generator_confidence(func.expr, traced)
    return (method, confidence) if confidence is not None else None


def _is_function_name(name: str) -> bool:
    return bool(name) and not name.startswith("_") and not name[:1].isupper()


def _is_generator_construction(expr: nodes.NodeNG | None) -> bool:
    return isinstance(expr, nodes.Call) and call_qualname(expr) in _GENERATOR_CONSTRUCTORS


def _is_seeded_construction(expr: nodes.NodeNG | None) -> bool:
    """``np.random.default_rng(0)``: a generator made afresh with a seed draws the same numbers
    each time it is made, so one made per call (eager) or per trace (graph) agrees."""
    return (_is_generator_construction(expr) and bool(expr.args or expr.keywords)
            and call_qualname(expr) != "random.SystemRandom")


def _generator_confidence(expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
    """HIGH when ``expr`` is a NumPy/stdlib generator in every binding; INFERENCE when in some."""
    if _is_generator_construction(expr):
        # ``np.random.default_rng().normal()``; seeded, it draws the same in eager mode too
        return None if _is_seeded_construction(expr) else HIGH
    if isinstance(expr, nodes.Name):
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        if traced.is_local(expr) and values and all(_is_seeded_construction(v) for v in values):
            return None  # ``rng = np.random.default_rng(0)`` made afresh on every call
    elif isinstance(expr, nodes.Attribute) and (cls := self_class(expr.expr)) is not None:
        values = attribute_values(cls, expr.attrname)
    else:
        return None
    # Also bound to None, a parameter, or something else we cannot tell: INFERENCE.
    return of_every_binding(values, _is_generator_construction,
                            lambda value: value is None or is_none(value) or not _names_tensorflow(value))


def _names_tensorflow(value: nodes.NodeNG) -> bool:
    """A value built by a TensorFlow call, e.g. ``tf.random.Generator.from_seed(1)``."""
    name = call_qualname(value) if isinstance(value, nodes.Call) else None
    return bool(name) and name.startswith(("tensorflow.", "keras."))


def _reseeded_before(call: nodes.Call, traced: TracedFunction) -> bool:
    """``np.random.seed(...)`` (or ``random.seed``) earlier in the same function: eager mode then
    draws the same numbers on every call as well."""
    name = call_qualname(call) or ""
    if name.startswith("numpy.random."):
        seeds = {"numpy.random.seed", "numpy.random.mtrand.seed"}
    elif name.startswith("random."):
        seeds = {"random.seed"}
    else:
        return False
    return any(
        isinstance(node, nodes.Call) and node.lineno < call.lineno and call_qualname(node) in seeds
        for node in own_nodes(traced.node)
    )


def _message(call: nodes.Call, function: str, traced: TracedFunction) -> str:
    spelled = call.func.as_string()
    if len(spelled) > 50:
        spelled = "..." + spelled[-47:]
    root = traced.root.reason.builder
    what = "the same order" if function in _SHUFFLE else "the same numbers"
    if root.startswith("Dataset."):
        consequence = f"every element of the dataset gets {what}"
    else:
        consequence = f"every call returns {what}"
    package = call_qualname(call) or ""
    if package.startswith("random.") and function == "sample":
        replacement = "tf.random.shuffle()"  # stdlib sample(population, k): a shuffled subset
    else:
        replacement = _REPLACEMENTS.get(function, "the matching tf.random op")
    return (f"{spelled}() in {traced.subject} is evaluated once while tracing, so {consequence}; "
            f"use {replacement}, or a tf.random.Generator created outside the function")
