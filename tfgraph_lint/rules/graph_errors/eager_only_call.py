"""TFG202 eager-only-call-in-graph: ``.numpy()``, Keras ``fit``/``predict``/``evaluate`` and ``get_weights()`` in graph code.

Both need concrete values, and graph code has only symbolic tensors: ``tensor.numpy()`` raises
AttributeError ("'SymbolicTensor' object has no attribute 'numpy'"), ``variable.numpy()``
NotImplementedError; Keras's ``predict`` converts its results with ``.numpy()`` and ``fit`` and
``evaluate`` test tensors as Python booleans, so they raise as well (Keras 2 refuses all of them
inside a tf.function with RuntimeError).

``.numpy()`` is reported on values known to be tensors or TensorFlow objects (HIGH), and with
INFERENCE on values of unknown kind (tensor evidence's ``possible_tensor``: a NumPy array, a
Python value or an instance of one of the module's own classes is not a tensor: silent). A PyTorch tensor is not one either: a receiver
made by ``.detach()``/``.cpu()``/``.cuda()`` or a ``torch`` call is silent, and in a module that
imports torch a receiver of unknown kind is only LOW. (A module that switches
``tf.config.run_functions_eagerly(True)`` on makes all its graph code LOW: see graph_index.) Code under ``if tf.executing_eagerly():`` (or
``if not tf.inside_function():``, ``with context.eager_mode():``) never runs in a graph and is
skipped. In a ``try:`` whose handler catches the AttributeError (or everything) it is LOW: an
eager-only path the author expects to fail while tracing (analysis/guarded_tracing_errors).

Keras methods are reported on receivers shown to be Keras models: built by ``keras.Sequential``,
``keras.Model``, ``load_model``, ``keras.applications``, a class of the module deriving from a
Keras model, ``self`` in such a class (unless the class binds ``self.predict`` & co. on its
instances: ``self.predict = Dense(...)`` calls the layer), or annotated as one. An annotation naming any other type
(a library's own model class, a Protocol) silences it: its ``predict`` may well be TensorFlow
code. A receiver of unknown kind that is only *named* like a model (``model``, ``self.model``)
is reported at LOW confidence, which is off by default: on real code such names were mostly
other libraries' model objects.

``layer.get_weights()`` returns NumPy copies of the variables (Keras calls ``.numpy()`` on each):
reported HIGH on ``self`` of a Keras class and on a name built as a Keras layer or model, with
INFERENCE on an attribute so built or a receiver of unknown kind (keras_models'
``weights_owner_confidence``); silent for a class of the module that writes its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import branch_never_traced
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.guarded_tracing_errors import NUMPY_METHOD_ERRORS, guarded_message, guarding_try
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.tensor_type_branches import in_non_tensor_branch
from tfgraph_lint.core.findings import LOW, Finding, shorten
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG202",
    symbol="eager-only-call-in-graph",
    msgid="E8722",
    summary=".numpy(), NumPy on a tensor, .eval() or Keras fit/predict in graph code fails on symbolic tensors",
    # Measured on 207 corpora (users' code and libraries): 17 of 21 reviewed findings true (81%),
    # once Keras metrics and losses the project runs only eagerly are told apart
    # (analysis/keras_run_evidence); before that, 17 of 36. On 231 corpora, 17 of 22 (77%):
    # docs/accuracy.md names the false shapes left.
    default=Default.ON,
)

# Keras Model methods that run their own eager loop and fail on symbolic tensors. Keras 3 runs
# ``train_on_batch``/``test_on_batch`` inside a tf.function without complaint (Keras 2 refused
# them), so they are not reported.
_KERAS_LOOP_METHODS = frozenset({
    "fit", "evaluate", "predict", "predict_on_batch",
    "fit_generator", "evaluate_generator", "predict_generator",
})
_TRAINING_METHODS = frozenset({"fit", "fit_generator"})

# ``with context.eager_mode():`` (TensorFlow's own code) runs its block eagerly.
_EAGER_MODE = ".context.eager_mode"



def check(context: ModuleContext) -> Iterator[Finding]:
    for call, traced in context.in_graph(nodes.Call):
        func = call.func
        if not isinstance(func, nodes.Attribute) or _runs_only_eagerly(call, traced):
            continue
        if func.attrname == "numpy" and not call.args and not call.keywords:
            confidence = context.evidence.possible_tensor(func.expr, traced)
            root = _chain_root(func.expr)
            if confidence is not None and root is not None and in_non_tensor_branch(call, root.name):
                confidence = LOW  # the code takes this branch only for values that are not tf.Tensor
            if confidence is not None:
                message = _numpy_message(func.expr, traced)
                guard = guarding_try(call, NUMPY_METHOD_ERRORS)
                if guard is not None:  # ``try: ... x.numpy() ... except: pass  # graph mode``
                    confidence, message = LOW, message + guarded_message(guard)
                yield context.finding(RULE, call, message, confidence=confidence, traced=traced)
        elif func.attrname == "get_weights" and not call.args and not call.keywords:
            # Deferred: only a Keras call in graph code needs it.
            from tfgraph_lint.analysis.keras_models import weights_owner_confidence

            confidence = weights_owner_confidence(func.expr)
            if confidence is not None:
                yield context.finding(RULE, call, _weights_message(func, traced),
                                      confidence=confidence, traced=traced)
        elif func.attrname in _KERAS_LOOP_METHODS:
            # Deferred: only a Keras call in graph code needs it.
            from tfgraph_lint.analysis.keras_models import model_confidence

            confidence = model_confidence(func.expr, func.attrname)
            if confidence is not None:
                yield context.finding(RULE, call, _keras_message(func, traced),
                                      confidence=confidence, traced=traced)


def _chain_root(receiver: nodes.NodeNG) -> nodes.Name | None:
    """The name a chain of attributes and calls starts from: ``x`` in ``x``,
    ``x.detach().cpu()``."""
    while isinstance(receiver, (nodes.Attribute, nodes.Call)):
        receiver = receiver.expr if isinstance(receiver, nodes.Attribute) else receiver.func
    return receiver if isinstance(receiver, nodes.Name) else None


def _numpy_message(receiver: nodes.NodeNG, traced: TracedFunction) -> str:
    return (
        f"{shorten(receiver.as_string())}.numpy() in {traced.subject} needs an eager value, but graph code "
        "holds symbolic tensors: TensorFlow raises AttributeError ('SymbolicTensor' object has "
        "no attribute 'numpy'; NotImplementedError for a variable); keep computing with "
        "TensorFlow ops, or convert outside graph code (tf.py_function if it must happen inside)"
    )


def _weights_message(func: nodes.Attribute, traced: TracedFunction) -> str:
    owner = shorten(func.expr.as_string())
    return (
        f"{owner}.get_weights() in {traced.subject} returns NumPy copies of the weights, which it "
        "reads with .numpy(): graph code has no values to copy, so TensorFlow raises while tracing "
        f"(NotImplementedError); use the variables themselves ({owner}.weights, "
        f"{owner}.trainable_weights)"
    )


def _keras_message(func: nodes.Attribute, traced: TracedFunction) -> str:
    action = f"{shorten(func.expr.as_string())}.{func.attrname}()"
    if func.attrname in _TRAINING_METHODS:
        fix = ("write the training step with tf.GradientTape and optimizer.apply_gradients, "
               "or call fit() outside graph code")
    else:
        fix = f"call the model directly ({shorten(func.expr.as_string())}(x, training=False)), or call " \
              f"{func.attrname}() outside graph code"
    return (
        f"{action} in {traced.subject} runs Keras's own eager loop, which needs concrete values: "
        f"on the symbolic tensors of graph code it raises; {fix}"
    )


# -- branches that only eager code takes -----------------------------------------------------

def _runs_only_eagerly(node: nodes.NodeNG, traced: TracedFunction) -> bool:
    child, parent = node, node.parent
    while parent is not None and parent is not traced.node:
        if isinstance(parent, nodes.With) and child in parent.body and any(
                isinstance(item, nodes.Call) and (call_qualname(item) or "").endswith(_EAGER_MODE)
                for item, _ in parent.items):
            return True
        if isinstance(parent, (nodes.If, nodes.IfExp)) and child is not parent.test:
            body = parent.body if isinstance(parent.body, list) else [parent.body]
            skipped = branch_never_traced(parent.test)
            if skipped is not None and (child in body) == (skipped == "body"):
                return True
        child, parent = parent, parent.parent
    return False


