"""What creates TensorFlow state: variables, random generators, Keras layers, optimizers, metrics.

Created in graph code on every trace, these raise (a tf.function creates variables on its first
trace only) or silently multiply: TFG201 reports them; TFG102, TFG105 and TFG106 leave them to it.
"""

from __future__ import annotations


from astroid import nodes

from tfgraph_lint.analysis.classes import self_attribute, self_class
from tfgraph_lint.analysis.constant_values import is_none, number
from tfgraph_lint.analysis.names import call_qualname, qualified_name, spelled_qualified_name
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.own_layer_classes import own_stateful_keras_class
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.core.findings import HIGH, INFERENCE
from tfgraph_lint.core.tf_api import KERAS_FUNCTION_ALIASES
from tfgraph_lint.core.records import Record

VARIABLE, GENERATOR, LAYER, OPTIMIZER, METRIC, MODEL, WEIGHT = (
    "variable", "generator", "layer", "optimizer", "metric", "model", "weight")
# ``self.add_weight(...)`` in a Keras layer, metric or loss of the module: a variable of its own.
WEIGHT_METHODS = frozenset({"add_weight", "add_variable"})


class Creation(Record):
    __slots__ = ("kind", "confidence")
    kind: str
    confidence: str

    def __init__(self, kind: str, confidence: str) -> None:
        self.kind = kind
        self.confidence = confidence


# The Keras backend's K.variable/K.zeros/K.ones make a tf.Variable each call (checked on TF 2.21:
# ResourceVariable, and a ValueError inside a tf.function).
_VARIABLES = frozenset({"tensorflow.Variable", "keras.Variable", "keras.backend.Variable",
                        "keras.backend.variable", "keras.backend.zeros", "keras.backend.ones"})
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
    # Stateless preprocessing (checked on TF 2.21: weights == [], made per trace in a retraced
    # tf.function without error; keras' FeatureSpace makes CategoryEncoding in its traced call).
    "CategoryEncoding", "Hashing",
    # Recurrent wrappers: their cells own the variables (checked on TF 2.21: either made per trace
    # around a cell made once raises nothing); a cell made with them is reported on its own.
    "StackedRNNCells", "RNN",
    *(f"{stem}{d}D" for d in (1, 2, 3) for stem in (
        "Cropping", "ZeroPadding", "UpSampling", "MaxPooling", "MaxPool", "AveragePooling", "AvgPool",
        "GlobalMaxPooling", "GlobalMaxPool", "GlobalAveragePooling", "GlobalAvgPool")),
})
# Preprocessing layers made with what ``adapt()`` would learn own no variables (checked on TF 2.21,
# Keras 3 and tf_keras: ``Normalization(mean=..., variance=...)`` and ``Discretization(
# bin_boundaries=...)`` have no weights and, made per trace in a retraced tf.function, raise
# nothing; ``Normalization()`` has three and raises): parameter -> its position.
_WEIGHTLESS_WHEN_GIVEN = {"Normalization": {"mean": 1, "variance": 2}, "Discretization": {"bin_boundaries": 0}}
# Wrappers whose variables are those of the layer they wrap (``Bidirectional`` copies it for the
# backward direction: still nothing when the layer owns nothing).
_WRAPPERS = frozenset({"TimeDistributed", "Bidirectional"})
# The wrapper that shares its layer: ``TimeDistributed`` applies the one layer it is given at every
# step, so one made per trace around a layer made once creates nothing (checked on TF 2.21, Keras 3
# and tf_keras: retraced three times without error). ``Bidirectional`` copies its layer for the
# backward direction, with new variables, and raises.
_SHARING_WRAPPER = "TimeDistributed"
# Layers whose only state is a random seed: a variable in Keras 3, none in Keras 2 (tf_keras).
# Checked on TF 2.21: a keras 3.15 Dropout made per trace raises on the second trace, a tf_keras
# 2.21 one does not.
SEEDED_LAYERS = frozenset({
    "Dropout", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D",
    "GaussianNoise", "GaussianDropout", "AlphaDropout",
})
_OPTIMIZER_PACKAGES = frozenset({"keras.optimizers", "keras.optimizers.legacy", "keras.optimizers.experimental"})
MODEL_CONTAINERS = frozenset({"keras.Model", "keras.Sequential", "keras.models.Model", "keras.models.Sequential"})
_MODEL_LOADERS = frozenset({
    "keras.models.load_model", "keras.models.clone_model", "keras.models.model_from_json",
    "keras.models.model_from_config", "keras.models.model_from_yaml", "keras.saving.load_model",
})
# Spellings that canonical names do not fold: TF 2's ``tf.optimizers`` / ``tf.metrics`` aliases.
_ALIASES = (("tensorflow.optimizers.", "keras.optimizers."), ("tensorflow.metrics.", "keras.metrics."))


_KERAS_2_PACKAGES = ("tf_keras.", "tensorflow.python.keras.")


def seeded_rate(call: nodes.Call) -> nodes.NodeNG | None:
    """The rate (``stddev`` for GaussianNoise) a seeded layer is made with. Keras 3 makes the seed
    variable only for one above 0 (``if rate > 0:`` in each of their ``__init__``; checked on TF
    2.21: ``Dropout(0.0)`` made per trace traces again without error, ``Dropout(0.1)`` raises)."""
    if call.args:
        return call.args[0]
    return next((keyword.value for keyword in call.keywords or () if keyword.arg in ("rate", "stddev")), None)


def _spelled_keras_2(call: nodes.Call) -> bool:
    # Deferred: only a Keras layer made in graph code needs it.
    from tfgraph_lint.analysis.keras_version import declares_keras_2

    return ((spelled_qualified_name(call.func) or "").startswith(_KERAS_2_PACKAGES) or _targets_keras_2(call.root())
            or declares_keras_2(call.root()))


# Only Keras 2 has them: under Keras 3, ``tf.keras.optimizers.legacy.Adam`` raises ImportError.
_KERAS_2_ONLY = "keras.optimizers.legacy."


def _targets_keras_2(module: nodes.Module) -> bool:
    """The module uses an API that only Keras 2 has (tensorflow/docs' SNGP tutorial compiles with
    ``tf.keras.optimizers.legacy.Adam``): its ``tf.keras`` is Keras 2, whatever is installed."""
    memo = remembered(module, "targets keras 2")
    if module not in memo:
        memo[module] = any(node.attrname == "legacy" and qualified_name(node) == _KERAS_2_ONLY[:-1]
                           for node in descendants(module, nodes.Attribute))
    return memo[module]


def created_state(call: nodes.Call) -> Creation | None:
    """What stateful TensorFlow object a call creates (variables, generators, Keras objects)."""
    if _adds_own_weight(call):
        return Creation(WEIGHT, HIGH)
    name = call_qualname(call)
    if name is None:
        if own_stateful_keras_class(call, lambda inner: created_state(inner) is not None) is not None:
            return Creation(LAYER, INFERENCE)  # ``BottleNeck(...)``: the module's layer with variables
        return None
    for prefix, replacement in _ALIASES:
        if name.startswith(prefix):
            name = replacement + name[len(prefix):]
    if name in _VARIABLES:
        return Creation(VARIABLE, HIGH)
    if name in _GENERATORS:
        return Creation(GENERATOR, HIGH)
    package, _, last = name.rpartition(".")
    is_class = last[:1].isupper()
    if name.startswith("keras.layers.") and is_class:
        if last in _WEIGHTLESS_LAYERS or (last in SEEDED_LAYERS and (
                _spelled_keras_2(call) or number(seeded_rate(call)) == 0)):
            return None
        if last in _WEIGHTLESS_WHEN_GIVEN and _given(call, _WEIGHTLESS_WHEN_GIVEN[last]):
            return None  # ``Normalization(mean=m, variance=v)``: constants, no variables
        if last in _WRAPPERS and _wraps_weightless_layer(call):
            return None  # ``TimeDistributed(Activation("softmax"))``: owns what it wraps, nothing
        if last == _SHARING_WRAPPER and (wrapped := _wrapped_layer(call)) is not None and not isinstance(wrapped, nodes.Call):
            return None  # ``TimeDistributed(self.cell)``: the layer it wraps is made elsewhere
        # Deferred: only a Keras layer made in graph code needs it.
        from tfgraph_lint.analysis.own_tree_classes import plain_class_of_own_tree

        if plain_class_of_own_tree(call):
            return None  # Keras's own source: a helper class that its path puts under layers
        # Built (variables created) only when called: HIGH is decided at the call (see check).
        return Creation(LAYER, INFERENCE)
    if (package in _OPTIMIZER_PACKAGES and is_class) or name == "keras.mixed_precision.LossScaleOptimizer":
        return Creation(OPTIMIZER, HIGH)
    if package == "keras.metrics" and is_class and last not in KERAS_FUNCTION_ALIASES:
        return Creation(METRIC, HIGH)
    if name in _MODEL_LOADERS or (name.startswith("keras.applications.") and is_class):
        return Creation(MODEL, HIGH)
    # ``keras.Sequential([...])`` and ``keras.Model(inputs, outputs)`` own no variables but those
    # of their layers: the layers created here are reported, not the container.
    return None


def _given(call: nodes.Call, parameters: dict[str, int]) -> bool:
    """Each of ``parameters`` (name -> position) is passed, by keyword or position, and not as ``None``."""
    keywords = {keyword.arg: keyword.value for keyword in call.keywords or ()}
    values = [keywords.get(name, call.args[position] if position < len(call.args) else None)
              for name, position in parameters.items()]
    return all(value is not None and not is_none(value) for value in values)


def _wrapped_layer(call: nodes.Call) -> nodes.NodeNG | None:
    """What a wrapper is given to wrap: its first argument, or ``layer=``."""
    return call.args[0] if call.args else next((k.value for k in call.keywords or () if k.arg == "layer"), None)


def _wraps_weightless_layer(call: nodes.Call) -> bool:
    """The wrapper's layer is made right there by a Keras layer call that creates no state
    (``Activation("softmax")``, ``Dropout(0.0)``)."""
    wrapped = _wrapped_layer(call)
    name = call_qualname(wrapped) if isinstance(wrapped, nodes.Call) else None
    return name is not None and name.startswith("keras.layers.") and created_state(wrapped) is None


def _adds_own_weight(call: nodes.Call) -> bool:
    """``self.add_weight(...)`` where ``self`` is a Keras layer, metric or loss (its class derives
    from one, here or through the module's own classes)."""
    func = call.func
    if not (isinstance(func, nodes.Attribute) and func.attrname in WEIGHT_METHODS):
        return False
    cls = self_class(func.expr)
    return cls is not None and keras_base(cls, set()) is not None


def initialises_state(call: nodes.Call, fn: nodes.NodeNG) -> bool:
    """Inside the arguments of ``tf.Variable(...)`` (or another state-creating call) in ``fn``:
    an initial value is computed once in eager mode too, and creating state in graph code is
    TFG201's finding (TFG102 and TFG106 leave such calls to it)."""
    node = call.parent
    while node is not None and node is not fn and not node.is_statement:
        if isinstance(node, nodes.Call) and created_state(node) is not None:
            return True
        node = node.parent
    return False


def attribute_holds_variables(expr: nodes.NodeNG) -> bool:
    """``self.hits`` where every assignment of the attribute in the class creates a variable
    (``self.add_weight(...)``, ``tf.Variable(...)``): indexing it reads a variable, which a
    tensor index can do."""
    found = self_attribute(expr)
    if found is None:
        return False
    made = [created_state(value) if isinstance(value, nodes.Call) else None for value in found[1]]
    return bool(made) and all(m is not None and m.kind in (VARIABLE, WEIGHT) for m in made)
