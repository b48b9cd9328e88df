"""Functions handed to Keras, which Keras runs inside the train/predict functions it traces.

``model.compile(loss=my_loss, metrics=[my_metric])``: ``fit`` calls ``my_loss`` inside its traced
train step, so ``print`` there runs once and NumPy on ``y_pred`` fails on symbolic tensors (issue
#18: the largest group of users' reports). The same holds for a layer's ``activation=``,
``*_regularizer=`` and ``*_constraint=`` arguments, ``Lambda(f)``, ``Activation(f)``, and the
loss and metric wrappers ``LossFunctionWrapper(f)`` / ``MeanMetricWrapper(f)``.

What counts as handed over: a function or lambda of the module, a list or dict of them, an
instance of a module class with ``__call__``, and what a factory of the module returns
(``loss=make_loss(0.5)``); see ``callables.resolve_callables``. ``compile`` counts only on a
receiver shown to be a Keras model (``keras_models.model_confidence``: a name is not evidence, so
a receiver only named ``model`` makes the handover LOW). Confidence is INFERENCE at best, as for
Keras methods: the same function called eagerly (``compile(run_eagerly=True)``, a direct call)
runs as Python.

Keras 3 (``tf.keras`` from TF 2.16, ``import keras``) calls these functions from its own code,
which AutoGraph does not convert: a Python ``if`` on a tensor there raises (checked on TF 2.21 for
a loss and an activation). Keras 2 (``tf_keras``) converted them; a module that imports
``tf_keras`` keeps AutoGraph on (``autograph_converts``).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import FunctionNode, resolve_callables
from tfgraph_lint.analysis.names import call_qualname, imports_package
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.trace_entries import argument
from tfgraph_lint.core.findings import INFERENCE, weakest
from tfgraph_lint.core.records import Record

_COMPILE_KEYWORDS = ("loss", "metrics", "weighted_metrics")
_LAYER_KEYWORDS = ("activation", "recurrent_activation")
_LAYER_KEYWORD_SUFFIXES = ("_regularizer", "_constraint")
# Keras classes whose first argument is a function Keras calls inside the traced step.
_FUNCTION_WRAPPERS = {
    "keras.layers.Lambda": "function",
    "keras.layers.Activation": "activation",
    "keras.losses.LossFunctionWrapper": "fn",
    "keras.metrics.MeanMetricWrapper": "fn",
}
# The last names of the calls above and of compile(): a cheap test before resolving anything.
CALL_NAMES = frozenset({"compile", *(name.rsplit(".", 1)[-1] for name in _FUNCTION_WRAPPERS)})


class Handover(Record):
    __slots__ = ("fn", "spelled", "confidence")
    fn: FunctionNode
    spelled: str  # "loss= of compile()", "activation= of Dense()"
    confidence: str

    def __init__(self, fn: FunctionNode, spelled: str, confidence: str) -> None:
        self.fn = fn
        self.spelled = spelled
        self.confidence = confidence


def keras_handovers(call: nodes.Call) -> Iterator[Handover]:
    """The module's functions this call hands to Keras to run in its traced steps."""
    for expr, spelled, confidence in handed_expressions(call):
        for fn in resolve_callables(expr):
            yield Handover(fn, spelled, confidence)


def handed_expressions(call: nodes.Call) -> Iterator[tuple[nodes.NodeNG, str, str]]:
    """What this call hands to Keras, as written (``my_loss``, ``[acc, losses.f1]``), with how
    (``loss= of compile()``) and how sure: the module's own functions among them are resolved by
    :func:`keras_handovers`; the project view follows names imported from other files."""
    func = call.func
    last = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    if last == "compile" and isinstance(func, nodes.Attribute):
        from tfgraph_lint.analysis.keras_models import model_confidence  # deferred: only a compile() call needs it

        confidence = model_confidence(func.expr, "compile")
        if confidence is None:
            return
        for keyword in call.keywords or ():
            if keyword.arg in _COMPILE_KEYWORDS:
                yield keyword.value, f"{keyword.arg}= of compile()", weakest(confidence, INFERENCE)
        return
    keywords = [kw for kw in call.keywords or () if kw.arg and _layer_keyword(kw.arg)]
    if last not in CALL_NAMES and not keywords:
        return
    name = call_qualname(call)
    if name is None or not name.startswith("keras."):
        return
    shown = name.rsplit(".", 1)[-1]
    if name in _FUNCTION_WRAPPERS:
        wrapped = argument(call, 0, _FUNCTION_WRAPPERS[name])
        if wrapped is not None:
            yield wrapped, f"{shown}(...)", INFERENCE
    if name.startswith("keras.layers.") and shown[:1].isupper():
        for keyword in keywords:
            yield keyword.value, f"{keyword.arg}= of {shown}()", INFERENCE


_LAMBDA = "keras.layers.Lambda"


def lambda_keywords(call: nodes.Call) -> dict[str, nodes.NodeNG] | None:
    """What a Keras ``Lambda(f, arguments={...})`` passes ``f`` besides its inputs: the keywords
    of a literal ``arguments=`` dict (``{}`` without one); None when ``call`` is no Keras Lambda
    or its ``arguments=`` is not a literal dict of string keys."""
    if not isinstance(call, nodes.Call) or call_qualname(call) != _LAMBDA:
        return None
    given = argument(call, 3, "arguments")
    if given is None:
        return {}
    if not isinstance(given, nodes.Dict):
        return None
    found = {}
    for key, value in given.items:
        if not (isinstance(key, nodes.Const) and isinstance(key.value, str)):
            return None
        found[key.value] = value
    return found


def wrapped_by_lambda(reference: nodes.NodeNG) -> nodes.Call | None:
    """The Keras ``Lambda(...)`` call whose function ``reference`` is (``Lambda(f, ...)``), when
    what that Lambda passes is known (:func:`lambda_keywords`)."""
    call = reference.parent
    if (isinstance(call, nodes.Call) and argument(call, 0, "function") is reference
            and lambda_keywords(call) is not None):
        return call
    return None


def kept_by_a_layer(handed: str) -> bool:
    """A handover as :func:`handed_expressions` spells it that a layer keeps (``Lambda(...)``,
    ``activation= of Dense()``) and runs again whenever its model runs, long after it was made;
    not ``compile()``'s, which the ``fit`` that follows it traces."""
    return bool(handed) and not handed.endswith(" of compile()")


# TensorFlow's own copy of Keras 2, which older code imports from directly.
_BUNDLED_KERAS_2 = ("tensorflow.python.keras", "tensorflow.compat.v1.python.keras", "tensorflow.compat.v2.python.keras")


def autograph_converts(module: nodes.Module) -> bool:
    """Whether Keras converts handed-over functions (and metric/loss methods) with AutoGraph:
    only Keras 2, ``tf_keras`` or the copy TensorFlow once bundled, or ``tf.keras`` in a project
    that requires a TensorFlow before 2.16 (keras_version). Remembered per module: every Keras
    method and handover asks."""
    from tfgraph_lint.analysis.keras_version import declares_keras_2  # deferred: only Keras code needs it

    memo = remembered(module, "autograph converts")
    if module not in memo:
        memo[module] = imports_package(module, "tf_keras") or declares_keras_2(module) or any(
            name.startswith(_BUNDLED_KERAS_2) for node in descendants(module, nodes.Import, nodes.ImportFrom)
            for name in ([node.modname] if isinstance(node, nodes.ImportFrom) else [n for n, _ in node.names]))
    return memo[module]


def keras_method_converted(family: str, cls: nodes.ClassDef, module: nodes.Module) -> bool:
    """Whether AutoGraph converts the methods Keras traces of ``cls``, a Keras class of
    ``family``. A layer's are the layer's business (keras_unconverted). Keras 3 runs metric and
    loss methods from its own code, unconverted (checked on TF 2.21: len() of a tensor in
    update_state raises TypeError); Keras 2 converted them. An optimizer's update methods run from
    the optimizer's own ``apply_gradients`` in either Keras, which no version converts (checked on
    TF 2.21: an ``if`` on a tensor in ``update_step`` raises under fit and in a tf.function; Keras
    2's ``_resource_apply_dense`` raised so, tensorflow/addons d150cc2)."""
    from tfgraph_lint.analysis.keras_version import written_for_keras_2  # deferred: only Keras code needs it

    if family == "optimizer":
        return False
    return family not in ("metric", "loss") or autograph_converts(module) or written_for_keras_2(cls)


def _layer_keyword(arg: str) -> bool:
    return arg in _LAYER_KEYWORDS or arg.endswith(_LAYER_KEYWORD_SUFFIXES)
