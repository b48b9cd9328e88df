"""TFG201 variable-created-in-graph: tf.Variable (or a layer, optimizer, RNG) created on every trace.

A tf.function may create variables only on its first trace; TensorFlow traces the first call twice
(once to create the variables, once more with variable creation forbidden), so an unguarded
``tf.Variable(...)`` raises ValueError even on the first call. The singleton pattern
(``if self.v is None: self.v = tf.Variable(...)``) is correct and stays silent (see runs_once).
What creates state is in state_creation; a call of a def of another project file that makes a
variable on every call is reported at the call, with INFERENCE (analysis/state_makers).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import own_nodes
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.runs_once import assigns, guards_of
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import (
    GENERATOR,
    LAYER,
    METRIC,
    MODEL,
    MODEL_CONTAINERS,
    OPTIMIZER,
    SEEDED_LAYERS,
    VARIABLE,
    WEIGHT,
    Creation,
    created_state,
    seeded_rate,
)
from tfgraph_lint.analysis.state_makers import state_maker_of
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG201",
    symbol="variable-created-in-graph",
    msgid="E8721",
    summary="tf.Variable (or a layer, optimizer, RNG) created on every call of graph code",
    # A seed hazard: on at HIGH and INFERENCE whatever the measurements of the day say (users hit
    # it first, and `verify` confirms it); its deliberate forms are LOW by evidence in the code.
    default=Default.SEED,
)


def check(context: ModuleContext) -> Iterator[Finding]:
    once = context.runs_once
    for call, traced in context.in_graph(nodes.Call):
        made = created_state(call)
        if made is None:
            maker = state_maker_of(call)  # ``utils.make_variable(...)`` of another project file
            if maker is not None and not once(call, traced):
                yield context.finding(RULE, call, _maker_message(call, maker, traced),
                                      confidence=INFERENCE, traced=traced)
            continue
        shape_read = _runtime_shape_of_backend_variable(call, traced)
        if shape_read is not None:
            # Made under tf.init_scope, the value cannot use the graph's shape tensor: the first
            # trace raises, guarded or not, so this is reported whatever guards it.
            yield context.finding(RULE, call, _runtime_shape_message(call, shape_read, traced),
                                  confidence=INFERENCE, traced=traced)
            continue
        truthiness = _truthiness_guard(call, made, traced)
        if truthiness is not None:
            yield context.finding(RULE, call, _truthiness_message(call, truthiness, traced), traced=traced)
            continue
        if once(call, traced):
            continue
        confidence = made.confidence
        if made.kind == LAYER and confidence == INFERENCE and _layer_is_called(call, traced):
            confidence = HIGH  # built, so its variables are created, in this very function
        if _under_variable_creator(call, traced):
            # The creator decides: one returning existing tensors creates no variable (checked on
            # TF 2.21: no error after three traces), one passing through raises. The code does
            # not say which: LOW.
            confidence = LOW
        message = _message(call, made, traced)
        if made.kind == LAYER and _rate_shown_zero(context, call):
            # Shown by the constructions of this module and those the project view shows in
            # other files: code out of sight (a user's) may pass a rate.
            confidence = LOW
            message += (" (but its rate is 0 wherever this project is seen to make it, and with rate 0 Keras 3 "
                        "makes no seed variable: harmless unless a rate is passed elsewhere)")
        # Deferred: only a candidate finding needs it.
        from tfgraph_lint.analysis.unknown_decorators import decorator_note, unknown_decorator_on_path

        decorator = unknown_decorator_on_path(traced)
        if decorator is not None:
            # ``@snt.once def _initialize(self, x)``: the decorator may run the body once only.
            confidence, message = LOW, message + decorator_note(decorator)
        yield context.finding(RULE, call, message, confidence=confidence, traced=traced)
    # ``with tf.init_scope():`` runs its block eagerly, but still once per trace, and TensorFlow
    # (2.21 at least) still refuses a variable created there on the second trace. The graph-code
    # index skips these blocks, so they are walked here; INFERENCE, as older releases may differ.
    for call, traced in context.in_init_scope(nodes.Call):
        made = created_state(call)
        if made is None or once(call, traced):
            continue
        message = _message(call, made, traced) + " (tf.init_scope() does not change this)"
        # Lifted out of the graph on purpose, in a Function another library's decorator takes
        # over (and traces as often as it decides, typically once): LOW.
        confidence = LOW if _handed_to_another_decorator(traced.root.node, context) else INFERENCE
        yield context.finding(RULE, call, message, confidence=confidence, traced=traced)


def _rate_shown_zero(context: ModuleContext, call: nodes.Call) -> bool:
    """A seeded layer (Dropout & co.) whose rate, followed through names, ``self`` and the
    constructions of its class (the module's, and other files' through the project view), is 0
    (analysis/constant_values)."""
    if (call_qualname(call) or "").rpartition(".")[2] not in SEEDED_LAYERS:
        return False
    value = context.constant(seeded_rate(call))
    return type(value) in (int, float) and value == 0


def _handed_to_another_decorator(fn: nodes.NodeNG, context) -> bool:
    """``@other.library.decorator(...)`` stacked above ``@tf.function``: the Function is wrapped
    by code that is not TensorFlow's (a federated computation, a serving wrapper)."""
    decorators = fn.decorators.nodes if isinstance(fn, nodes.FunctionDef) and fn.decorators else []
    names = [qualified_name(d.func if isinstance(d, nodes.Call) else d) or "" for d in decorators]
    tf_function = next((i for i, name in enumerate(names) if name in context.config.function_decorators), None)
    if tf_function is None:
        return False
    above = names[:tf_function]  # applied after tf.function: they receive the Function
    return any(name.partition(".")[0] not in ("tensorflow", "keras") for name in above)


def _under_variable_creator(call: nodes.Call, traced: TracedFunction) -> bool:
    """Inside ``with tf.variable_creator_scope(creator):`` in the traced function."""
    for ancestor in call.node_ancestors():
        if ancestor is traced.node:
            return False
        if isinstance(ancestor, nodes.With) and any(
                isinstance(item, nodes.Call) and call_qualname(item) == _VARIABLE_CREATOR_SCOPE
                for item, _ in ancestor.items):
            return True
    return False


_VARIABLE_CREATOR_SCOPE = "tensorflow.variable_creator_scope"


# The Keras backend's K.zeros/K.ones build their value under tf.init_scope, outside the graph.
_BACKEND_FILLED_VARIABLES = frozenset({"keras.backend.zeros", "keras.backend.ones"})


def _runtime_shape_of_backend_variable(call: nodes.Call, traced: TracedFunction) -> nodes.Call | None:
    """``K.zeros((K.shape(x)[0], n))``: the ``tf.shape`` call its shape is computed from."""
    from tfgraph_lint.analysis.runtime_shapes import reads_runtime_shape  # deferred: only a candidate finding needs it

    if call_qualname(call) not in _BACKEND_FILLED_VARIABLES:
        return None
    shape = call.args[0] if call.args else next(
        (keyword.value for keyword in call.keywords or () if keyword.arg == "shape"), None)
    return reads_runtime_shape(shape, traced.frame)


# -- layers built here, guards that do not work ---------------------------------------------

def _layer_is_called(call: nodes.Call, traced: TracedFunction) -> bool:
    """``Dense(3)(x)``, or ``layer = Dense(3)`` followed by ``layer(x)`` in the same function."""
    name = call_qualname(call) or ""
    if name.rpartition(".")[2] in SEEDED_LAYERS:
        return False  # its seed variable exists in Keras 3 only: stays INFERENCE
    node, parent = call, call.parent
    if (isinstance(parent, (nodes.List, nodes.Tuple)) and isinstance(parent.parent, nodes.Call)
            and parent in parent.parent.args and call_qualname(parent.parent) in MODEL_CONTAINERS):
        node, parent = parent.parent, parent.parent.parent  # ``Sequential([Dense(3)])(x)``
    if isinstance(parent, nodes.Call) and parent.func is node:
        return True
    if not (isinstance(parent, nodes.Assign) and parent.value is node and len(parent.targets) == 1):
        return False
    target = parent.targets[0]
    if not isinstance(target, nodes.AssignName):
        return False
    return any(
        isinstance(use, nodes.Call) and isinstance(use.func, nodes.Name) and use.func.name == target.name
        and target in bindings(use.func, target.name)
        for use in own_nodes(traced.node)
    )


def _truthiness_guard(call: nodes.Call, made: Creation, traced: TracedFunction) -> nodes.NodeNG | None:
    """The test of ``if not self.v: self.v = tf.Variable(...)``, when that is the only guard.

    On the next trace ``self.v`` is a variable, and AutoGraph turns ``not self.v`` into a tensor
    operation: TypeError for a numeric variable, ValueError for a bool one (seen on TF 2.21).
    Layers, optimizers and generators are plain Python objects there and guard fine.
    """
    if made.kind != VARIABLE:
        return None
    guards = guards_of(call, traced)
    if not guards or not all(truthy for _, truthy, _ in guards):
        return None
    statement = call.parent
    if isinstance(statement, nodes.IfExp):
        statement = statement.parent
    if not isinstance(statement, (nodes.Assign, nodes.AnnAssign)):
        return None
    targets = statement.targets if isinstance(statement, nodes.Assign) else [statement.target]
    for target, _, test in guards:
        if any(assigns(node, target) for node in targets):
            return test
    return None


# -- messages --------------------------------------------------------------------------------

def _truthiness_message(call: nodes.Call, test: nodes.NodeNG, traced: TracedFunction) -> str:
    return (f"{_spelling(call)}() in {traced.subject} is guarded by 'if {test.as_string()}:', which tests "
            "the variable's truth value: on the next trace that is a tensor condition, and TensorFlow "
            "raises TypeError (or ValueError for a bool variable); test 'is None' instead, "
            "as in 'if self.v is None:'")


def _runtime_shape_message(call: nodes.Call, shape_read: nodes.Call, traced: TracedFunction) -> str:
    spelled = _spelling(call)
    return (f"{spelled}() in {traced.subject} takes its shape from {shape_read.as_string()}, a tensor of the "
            f"graph being traced, but the Keras backend builds a variable's value outside that graph "
            f"(tf.init_scope): the first trace raises TypeError (the tensor 'cannot be accessed from "
            f"here'); use tf.zeros()/tf.ones() with that shape, which make a tensor in the graph")


_SINGLETON_ERROR = ("TensorFlow raises ValueError (a tf.function only supports singleton variables "
                    "created on its first call)")


def _message(call: nodes.Call, made: Creation, traced: TracedFunction) -> str:
    spelled = _spelling(call)
    subject = traced.subject
    method = _in_method(traced)
    if made.kind == WEIGHT:
        return (f"{spelled}() in {subject} creates a new weight each time it runs: Keras refuses new "
                f"state once the layer is built (Keras 3, from the second call on, eagerly too), and in "
                f"graph code {_SINGLETON_ERROR}; create it once in build() and use self.<name> here")
    if made.kind in (VARIABLE, GENERATOR):
        what = "a new variable" if made.kind == VARIABLE else "a new generator, whose state is a variable,"
        if method:
            fix = "create it once in __init__, or behind 'if self.v is None:', and use self.v here"
        else:
            fix = "create it outside and capture it, pass it in as an argument, or create it once behind 'if self.v is None:'"
        return f"{spelled}() in {subject} creates {what} on every trace, and {_SINGLETON_ERROR}; {fix}"
    noun = {
        LAYER: "a new Keras layer, with new variables,",
        OPTIMIZER: "a new optimizer, with new state variables,",
        METRIC: "a new metric, with new accumulator variables,",
        MODEL: "a new Keras model, with new variables,",
    }[made.kind]
    if method:
        fix = "create it once in __init__ (or build()) and use self.<name> here"
    else:
        fix = "create it once outside the function and use it here"
    return (f"{spelled}() in {subject} creates {noun} on every trace; {_SINGLETON_ERROR} "
            f"(older tf.keras, which creates them eagerly, instead silently keeps one trace's); {fix}")


def _maker_message(call: nodes.Call, where: str, traced: TracedFunction) -> str:
    spelled = _spelling(call)
    return (f"{spelled}() in {traced.subject} makes a new tf.Variable each time it runs ({where}), here "
            f"on every trace, and {_SINGLETON_ERROR}; call it once (in __init__ or build()) and keep "
            f"the variable, or make a tensor here (tf.zeros(...)) instead")


def _spelling(call: nodes.Call) -> str:
    text = call.func.as_string()
    return text if len(text) <= 50 else "..." + text[-47:]


def _in_method(traced: TracedFunction) -> bool:
    fn = traced.frame
    return isinstance(fn, nodes.FunctionDef) and isinstance(fn.parent, nodes.ClassDef)
