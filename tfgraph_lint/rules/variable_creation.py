"""TFG201 variable-created-in-graph: tf.Variable (or a layer, optimizer, RNG) created on every trace.

A tf.function may create variables only on its first trace; TensorFlow traces the first call twice
(once to create the variables, once more with variable creation forbidden), so an unguarded
``tf.Variable(...)`` raises ValueError even on the first call. The singleton pattern
(``if self.v is None: self.v = tf.Variable(...)``) is correct and stays silent: this module also
decides whether a node runs only once (:class:`RunsOnce`), which TFG102 reuses.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from astroid import nodes
from astroid.const import Context

from tfgraph_lint.classes import self_class
from tfgraph_lint.findings import HIGH, INFERENCE, Finding
from tfgraph_lint.graph_index import TracedFunction, TraceKind, is_init_scope, own_nodes, resolve_callables
from tfgraph_lint.names import bindings, call_qualname
from tfgraph_lint.node_index import descendants
from tfgraph_lint.registry import rule_by_code

RULE = rule_by_code("TFG201")


def check(context) -> Iterator[Finding]:
    once = RunsOnce(context)
    for call, traced in context.in_graph(nodes.Call):
        made = created_state(call)
        if made is None:
            continue
        truthiness = _truthiness_guard(call, made, traced)
        if truthiness is not None:
            yield context.finding(RULE, call, _truthiness_message(call, truthiness, traced), traced=traced)
            continue
        if once(call, traced):
            continue
        confidence = made.confidence
        if made.kind == _LAYER and confidence == INFERENCE and _layer_is_called(call, traced):
            confidence = HIGH  # built, so its variables are created, in this very function
        yield context.finding(RULE, call, _message(call, made, traced), confidence=confidence, traced=traced)
    # ``with tf.init_scope():`` runs its block eagerly, but still once per trace, and TensorFlow
    # (2.21 at least) still refuses a variable created there on the second trace. The graph-code
    # index skips these blocks, so they are walked here; INFERENCE, as older releases may differ.
    for call, traced in init_scope_nodes(context, nodes.Call):
        made = created_state(call)
        if made is None or once(call, traced):
            continue
        message = _message(call, made, traced) + " (tf.init_scope() does not change this)"
        yield context.finding(RULE, call, message, confidence=INFERENCE, traced=traced)


# -- what creates variables ------------------------------------------------------------------

_VARIABLE, _GENERATOR, _LAYER, _OPTIMIZER, _METRIC, _MODEL = (
    "variable", "generator", "layer", "optimizer", "metric", "model")


@dataclass(frozen=True)
class Creation:
    kind: str
    confidence: str


_VARIABLES = frozenset({"tensorflow.Variable", "keras.Variable", "keras.backend.Variable"})
_GENERATOR_CLASSES = ("tensorflow.random.Generator", "tensorflow.random.experimental.Generator")
_GENERATOR_FACTORIES = frozenset({"from_seed", "from_non_deterministic_state", "from_key_counter", "from_state"})
_GENERATORS = frozenset({
    *_GENERATOR_CLASSES,
    *(f"{cls}.{factory}" for cls in _GENERATOR_CLASSES for factory in _GENERATOR_FACTORIES),
    "keras.random.SeedGenerator",
})

# Layers that own no variables: building one per trace costs a Python object, nothing more.
_WEIGHTLESS_LAYERS = frozenset({
    "Layer", "Input", "InputLayer", "InputSpec", "Lambda", "Identity", "Masking",
    "Flatten", "Reshape", "Permute", "RepeatVector",
    "Activation", "ReLU", "Softmax", "LeakyReLU", "ELU", "ThresholdedReLU",
    "Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "Concatenate", "Dot",
    "Rescaling", "Resizing", "CenterCrop",
    *(f"{stem}{d}D" for d in (1, 2, 3) for stem in (
        "Cropping", "ZeroPadding", "UpSampling", "MaxPooling", "MaxPool", "AveragePooling", "AvgPool",
        "GlobalMaxPooling", "GlobalMaxPool", "GlobalAveragePooling", "GlobalAvgPool")),
})
# Layers whose only state is a random seed: a variable in Keras 3, none in Keras 2.
_SEEDED_LAYERS = frozenset({
    "Dropout", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D",
    "GaussianNoise", "GaussianDropout", "AlphaDropout",
})
_OPTIMIZER_PACKAGES = frozenset({"keras.optimizers", "keras.optimizers.legacy", "keras.optimizers.experimental"})
_MODEL_CONTAINERS = frozenset({"keras.Model", "keras.Sequential", "keras.models.Model", "keras.models.Sequential"})
_MODEL_LOADERS = frozenset({
    "keras.models.load_model", "keras.models.clone_model", "keras.models.model_from_json",
    "keras.models.model_from_config", "keras.models.model_from_yaml", "keras.saving.load_model",
})
# Spellings that canonical names do not fold: TF 2's ``tf.optimizers`` / ``tf.metrics`` aliases.
_ALIASES = (("tensorflow.optimizers.", "keras.optimizers."), ("tensorflow.metrics.", "keras.metrics."))


def created_state(call: nodes.Call) -> Creation | None:
    """What stateful TensorFlow object a call creates (variables, generators, Keras objects)."""
    name = call_qualname(call)
    if name is None:
        return None
    for prefix, replacement in _ALIASES:
        if name.startswith(prefix):
            name = replacement + name[len(prefix):]
    if name in _VARIABLES:
        return Creation(_VARIABLE, HIGH)
    if name in _GENERATORS:
        return Creation(_GENERATOR, HIGH)
    package, _, last = name.rpartition(".")
    is_class = last[:1].isupper()
    if name.startswith("keras.layers.") and is_class:
        if last in _WEIGHTLESS_LAYERS:
            return None
        # Built (variables created) only when called: HIGH is decided at the call (see check).
        return Creation(_LAYER, INFERENCE)
    if (package in _OPTIMIZER_PACKAGES and is_class) or name == "keras.mixed_precision.LossScaleOptimizer":
        return Creation(_OPTIMIZER, HIGH)
    if package == "keras.metrics" and is_class:
        return Creation(_METRIC, HIGH)
    if name in _MODEL_LOADERS or (name.startswith("keras.applications.") and is_class):
        return Creation(_MODEL, HIGH)
    # ``keras.Sequential([...])`` and ``keras.Model(inputs, outputs)`` own no variables but those
    # of their layers: the layers created here are reported, not the container.
    return None


def _layer_is_called(call: nodes.Call, traced: TracedFunction) -> bool:
    """``Dense(3)(x)``, or ``layer = Dense(3)`` followed by ``layer(x)`` in the same function."""
    name = call_qualname(call) or ""
    if name.rpartition(".")[2] in _SEEDED_LAYERS:
        return False  # its seed variable exists in Keras 3 only: stays INFERENCE
    node, parent = call, call.parent
    if (isinstance(parent, (nodes.List, nodes.Tuple)) and isinstance(parent.parent, nodes.Call)
            and parent in parent.parent.args and call_qualname(parent.parent) in _MODEL_CONTAINERS):
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
    if made.kind != _VARIABLE:
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
        if any(_assigns(node, target) for node in targets):
            return test
    return None


# -- messages --------------------------------------------------------------------------------

def _truthiness_message(call: nodes.Call, test: nodes.NodeNG, traced: TracedFunction) -> str:
    return (f"{_spelling(call)}() in {traced.subject} is guarded by 'if {test.as_string()}:', which tests "
            "the variable's truth value: on the next trace that is a tensor condition, and TensorFlow "
            "raises TypeError (or ValueError for a bool variable); test 'is None' instead, "
            "as in 'if self.v is None:'")


_SINGLETON_ERROR = ("TensorFlow raises ValueError (a tf.function only supports singleton variables "
                    "created on its first call)")


def _message(call: nodes.Call, made: Creation, traced: TracedFunction) -> str:
    spelled = _spelling(call)
    subject = traced.subject
    method = _in_method(traced)
    if made.kind in (_VARIABLE, _GENERATOR):
        what = "a new variable" if made.kind == _VARIABLE else "a new generator, whose state is a variable,"
        if method:
            fix = "create it once in __init__, or behind 'if self.v is None:', and use self.v here"
        else:
            fix = "create it outside and capture it, pass it in as an argument, or create it once behind 'if self.v is None:'"
        return f"{spelled}() in {subject} creates {what} on every trace, and {_SINGLETON_ERROR}; {fix}"
    noun = {
        _LAYER: "a new Keras layer, with new variables,",
        _OPTIMIZER: "a new optimizer, with new state variables,",
        _METRIC: "a new metric, with new accumulator variables,",
        _MODEL: "a new Keras model, with new variables,",
    }[made.kind]
    if method:
        fix = "create it once in __init__ (or build()) and use self.<name> here"
    else:
        fix = "create it once outside the function and use it here"
    return (f"{spelled}() in {subject} creates {noun} on every trace; {_SINGLETON_ERROR} "
            f"(older tf.keras, which creates them eagerly, instead silently keeps one trace's); {fix}")


def _spelling(call: nodes.Call) -> str:
    text = call.func.as_string()
    return text if len(text) <= 50 else "..." + text[-47:]


def _in_method(traced: TracedFunction) -> bool:
    fn = traced.frame
    return isinstance(fn, nodes.FunctionDef) and isinstance(fn.parent, nodes.ClassDef)


# -- init_scope blocks ------------------------------------------------------------------------

def init_scope_nodes(context, node_type: type) -> Iterator[tuple[nodes.NodeNG, TracedFunction]]:
    """Nodes inside ``with tf.init_scope():`` blocks of graph code, which ``in_graph`` skips.

    Their Python still runs once per trace, as the rest of the function does.
    """
    for with_node, traced in context.in_graph(nodes.With):
        if not is_init_scope(with_node):
            continue
        stack = list(reversed(with_node.body))
        while stack:
            node = stack.pop()
            if isinstance(node, node_type):
                yield node, traced
            if isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
                continue  # bodies of their own (nested defs are traced in their own right)
            stack.extend(reversed(list(node.get_children())))


# -- code that runs only once: the singleton guard -------------------------------------------

class RunsOnce:
    """Tells whether a node in graph code runs only on the first trace.

    ``if self.v is None: self.v = ...`` (also ``if not self.v``, ``if not hasattr(self, "v")``,
    ``if self.v is None and ...``, ``if not self._built: ...; self._built = True``,
    ``if "v" not in holder:``, a global behind ``global v; if v is None:``, and an early
    ``if self.v is not None: return self.v``) runs its creating code on the first trace only, as
    in eager mode. The guard must test what its block assigns. A helper called from graph code
    counts as guarded when every call of it from graph code is. (``if not self.v:`` guarding a
    tf.Variable itself counts here; TFG201 reports it separately, see ``_truthiness_guard``.)
    """

    def __init__(self, context) -> None:
        self._context = context
        self._call_sites: dict[nodes.NodeNG, list[tuple[nodes.Call, TracedFunction]]] | None = None
        self._helper_guarded: dict[nodes.NodeNG, bool] = {}

    def __call__(self, node: nodes.NodeNG, traced: TracedFunction) -> bool:
        if guards_of(node, traced):
            return True
        if traced.reason.kind != TraceKind.CALLED:
            return False
        fn = traced.node
        if fn not in self._helper_guarded:
            self._helper_guarded[fn] = False  # cycles: unguarded until shown otherwise
            sites = self._sites_calling(fn)
            self._helper_guarded[fn] = bool(sites) and all(self(site, caller) for site, caller in sites)
        return self._helper_guarded[fn]

    def _sites_calling(self, fn: nodes.NodeNG) -> list[tuple[nodes.Call, TracedFunction]]:
        if self._call_sites is None:
            self._call_sites = {}
            for call, caller in self._context.in_graph(nodes.Call):
                try:
                    callees = _callees(call.func)
                except (AttributeError, ValueError, RecursionError):
                    continue
                for callee in callees:
                    self._call_sites.setdefault(callee, []).append((call, caller))
        return self._call_sites.get(fn, [])


def guards_of(node: nodes.NodeNG, traced: TracedFunction) -> list[tuple[_Target, bool, nodes.NodeNG]]:
    """The singleton guards ``node`` sits behind in its function: (target, truthiness test?, test)."""
    fn = traced.node
    found: list[tuple[_Target, bool, nodes.NodeNG]] = []
    child = node
    while child is not fn and child.parent is not None:
        parent = child.parent
        if isinstance(parent, (nodes.If, nodes.IfExp)):
            if isinstance(parent, nodes.If):
                side = "body" if child in parent.body else "orelse" if child in parent.orelse else None
                branch = parent.body if side == "body" else parent.orelse
            else:  # ``self.v = tf.Variable(...) if self.v is None else self.v``
                side = "body" if child is parent.body else "orelse" if child is parent.orelse else None
                branch = [parent.statement()]
            if side is not None:
                found += [(target, truthy, parent.test)
                          for target, unset_side, truthy in _unset_targets(parent.test, traced)
                          if unset_side == side and _sets(branch, target, traced)]
        found += _after_early_return(child, parent, traced)
        child = parent
    return found


def _after_early_return(stmt: nodes.NodeNG, block: nodes.NodeNG, traced: TracedFunction) -> list:
    """``if self.v is not None: return self.v`` earlier in the same block, and ``self.v`` set later."""
    for field in ("body", "orelse", "handlers", "finalbody"):
        statements = getattr(block, field, None)
        if isinstance(statements, list) and stmt in statements:
            break
    else:
        return []
    position = statements.index(stmt)
    found = []
    for earlier in statements[:position]:
        if not (isinstance(earlier, nodes.If) and not earlier.orelse and earlier.body
                and isinstance(earlier.body[-1], (nodes.Return, nodes.Raise))):
            continue
        found += [(target, truthy, earlier.test)
                  for target, unset_side, truthy in _unset_targets(earlier.test, traced)
                  if unset_side == "orelse" and _sets(statements[position:], target, traced)]
    return found


# A guard target: ("attr", base text, attribute name) for ``self.v``; ("name", name) for a global;
# ("item", container text, key) for ``holder["v"]``.
_Target = tuple


def _unset_targets(test: nodes.NodeNG, traced: TracedFunction) -> set[tuple[_Target, str, bool]]:
    """(target, side, truthy): when the ``side`` branch of ``if test`` runs, ``target`` is not yet
    set; ``truthy`` when the test is the target's truth value (``if not self.v:``)."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        flip = {"body": "orelse", "orelse": "body"}
        return {(target, flip[side], truthy) for target, side, truthy in _unset_targets(test.operand, traced)}
    if isinstance(test, nodes.BoolOp):
        # ``a and b`` true: both true; ``a or b`` false: both false.
        wanted = "body" if test.op == "and" else "orelse"
        return {found for value in test.values for found in _unset_targets(value, traced) if found[1] == wanted}
    if isinstance(test, nodes.Compare) and len(test.ops) == 1:
        op, right = test.ops[0]
        left = test.left
        if _is_none(left):
            left, right = right, left
        if op in ("is", "==") and _is_none(right):
            return {(t, "body", False) for t in _targets_of(left, traced)}
        if op in ("is not", "!=") and _is_none(right):
            return {(t, "orelse", False) for t in _targets_of(left, traced)}
        if op in ("in", "not in") and isinstance(left, nodes.Const) and isinstance(left.value, str):
            # ``"v" not in self.__dict__``, ``"v" not in holder`` (a dict that outlives the trace)
            target = _dict_target(right, left.value, traced)
            if target is None:
                return set()
            return {(target, "body" if op == "not in" else "orelse", False)}
        return set()
    if isinstance(test, nodes.Call) and isinstance(test.func, nodes.Name) and test.func.name == "hasattr":
        target = _getattr_target(test, traced)
        return {(target, "orelse", False)} if target else set()
    return {(t, "orelse", True) for t in _targets_of(test, traced)}  # ``if self.v:`` true when set


def _is_none(node: nodes.NodeNG) -> bool:
    return isinstance(node, nodes.Const) and node.value is None


def _targets_of(expr: nodes.NodeNG, traced: TracedFunction) -> list[_Target]:
    if isinstance(expr, nodes.Attribute) and _persistent_base(expr.expr, traced):
        return [("attr", expr.expr.as_string(), expr.attrname)]
    if isinstance(expr, nodes.Name) and not traced.is_local(expr) and bindings(expr, expr.name):
        return [("name", expr.name)]
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and expr.func.name == "getattr":
        target = _getattr_target(expr, traced)
        return [target] if target else []
    return []


def _getattr_target(call: nodes.Call, traced: TracedFunction) -> _Target | None:
    """``hasattr(self, "v")`` / ``getattr(self, "v", None)``: the attribute they ask about."""
    if len(call.args) < 2 or not isinstance(call.args[1], nodes.Const) or not isinstance(call.args[1].value, str):
        return None
    base = call.args[0]
    return ("attr", base.as_string(), call.args[1].value) if _persistent_base(base, traced) else None


def _dict_target(container: nodes.NodeNG, key: str, traced: TracedFunction) -> _Target | None:
    if isinstance(container, nodes.Attribute) and _persistent_base(container.expr, traced):
        if container.attrname == "__dict__":
            return ("attr", container.expr.as_string(), key)
        return ("item", container.as_string(), key)  # ``"v" not in self.cache``
    if isinstance(container, nodes.Name) and _persistent_base(container, traced):
        return ("item", container.name, key)
    return None


def _persistent_base(expr: nodes.NodeNG, traced: TracedFunction) -> bool:
    """An object that outlives the trace: the method's ``self``, or a name bound outside the frame."""
    if not isinstance(expr, nodes.Name):
        return False
    if self_class(expr) is not None:
        return True
    return not traced.is_local(expr) and bool(bindings(expr, expr.name))


def _sets(statements: list[nodes.NodeNG], target: _Target, traced: TracedFunction) -> bool:
    """Whether the statements assign the target (directly, or in a method of ``self`` they call)."""
    for statement in statements:
        for node in statement.nodes_of_class((nodes.AssignAttr, nodes.AssignName, nodes.Call, nodes.Subscript)):
            if _assigns(node, target):
                return True
            if isinstance(node, nodes.Call) and target[0] == "attr" and isinstance(node.func, nodes.Attribute):
                if target[2] in ("built", "_built") and node.func.attrname == "build":
                    return True  # ``if not self.built: self.build(shape)``: Keras sets ``built``
                if self_class(node.func.expr) is not None:
                    for method in _callees(node.func):
                        if any(_assigns(n, ("attr", node.func.expr.as_string(), target[2]))
                               for n in descendants(method, nodes.AssignAttr)):
                            return True
    return False


def _assigns(node: nodes.NodeNG, target: _Target) -> bool:
    if target[0] == "attr":
        return isinstance(node, nodes.AssignAttr) and node.attrname == target[2] and node.expr.as_string() == target[1]
    if target[0] == "item":
        return (isinstance(node, nodes.Subscript) and node.ctx == Context.Store
                and isinstance(node.slice, nodes.Const) and node.slice.value == target[2]
                and node.value.as_string() == target[1])
    return isinstance(node, nodes.AssignName) and node.name == target[1]


# -- self and its methods, lexically ----------------------------------------------------------
def _callees(func: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The functions of this module a call's ``func`` names: ``helper`` or ``self.method``."""
    if isinstance(func, nodes.Attribute):
        cls = self_class(func.expr)
        if cls is None:
            return []
        return [method for method in cls.mymethods() if method.name == func.attrname][:1]
    return resolve_callables(func)
