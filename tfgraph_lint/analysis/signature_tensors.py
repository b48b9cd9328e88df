"""What a tf.function's options and Keras's calling conventions say a parameter receives.

An ``input_signature`` of ``tf.TensorSpec``s gives its parameters tensors on every trace; Keras
calls a loss or metric with the batch's tensors, an activation, regularizer or constraint with
one. Asked by tensor_evidence for a parameter of a traced function.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import is_instance_method
from tfgraph_lint.analysis.names import call_qualname, qualified_name


def keras_passes_tensor(fn: nodes.NodeNG, parameter: nodes.AssignName, spelled: str) -> bool:
    """Keras calls a loss or metric with the tensors (y_true, y_pred), an activation,
    regularizer or constraint with one tensor; a Lambda layer's inputs may be a structure."""
    positional = [*fn.args.posonlyargs, *fn.args.args]
    if positional and is_instance_method(fn):
        positional = positional[1:]
    if spelled.startswith(("loss=", "metrics=", "weighted_metrics=", "LossFunctionWrapper", "MeanMetricWrapper")):
        tensors = positional[:2]
    elif spelled.startswith("Lambda"):
        tensors = []
    else:
        tensors = positional[:1]
    return parameter in tensors


def decorator_calls(fn: nodes.NodeNG, context) -> list[nodes.Call]:
    """The ``@tf.function(...)`` decorator calls of ``fn``, holding its options."""
    if not isinstance(fn, nodes.FunctionDef) or not fn.decorators:
        return []
    decorators = context.index.config.function_decorators
    return [d for d in fn.decorators.nodes if isinstance(d, nodes.Call) and qualified_name(d.func) in decorators]


def signature_says_tensor(options: nodes.Call, fn: nodes.NodeNG, parameter: nodes.AssignName) -> bool:
    """The ``input_signature`` of these tf.function options gives the parameter a ``tf.TensorSpec``."""
    signature = next((kw.value for kw in options.keywords or () if kw.arg == "input_signature"), None)
    if signature is None and len(options.args) >= 2:
        signature = options.args[1]  # tf.function(func, input_signature)
    if not isinstance(signature, (nodes.List, nodes.Tuple)):
        return False
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    if is_instance_method(fn):
        positional = positional[1:]  # the signature leaves out self
    return any(
        param is parameter and isinstance(spec, nodes.Call) and call_qualname(spec) == "tensorflow.TensorSpec"
        for param, spec in zip(positional, signature.elts)
    )
