"""A Keras 2 optimizer's own reads of its hyperparameters: tensors, in the methods that update.

Keras 2's optimizers (OptimizerV2) keep each hyperparameter (learning rate, decays, ...) in a
variable, and their update methods read it with ``self._get_hyper(name, dtype)``, the variable
cast to ``dtype``, or ``self._decayed_lr(dtype)``, the learning rate after its schedule: tensors,
which a Python ``if`` on them cannot test where the optimizer is traced (tensorflow/addons
d150cc2: "Fix comparison when using the optimizer inside a tf.function").

The method's name alone is no evidence: the receiver is ``self`` in a class that derives from a
Keras optimizer (``trace_entries.keras_base``) and does not define the method itself.
``_get_hyper`` of a hyperparameter given a schedule returns the schedule, so its read is
INFERENCE; ``_decayed_lr`` applies the schedule, so its read is always a tensor.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.core.findings import HIGH, INFERENCE

# The read, and how sure a tensor it is: (method, least positional arguments, confidence).
_READS = {"_get_hyper": (2, INFERENCE), "_decayed_lr": (1, HIGH)}


def hyperparameter_read(call: nodes.Call) -> str | None:
    """How sure ``call`` is a Keras 2 optimizer's tensor read of its hyperparameter: the
    confidence, or None when it is not one."""
    func = call.func
    if not isinstance(func, nodes.Attribute) or func.attrname not in _READS:
        return None
    least, confidence = _READS[func.attrname]
    passed = len(call.args) + len(call.keywords or ())
    if passed < least or any(isinstance(arg, nodes.Starred) for arg in call.args):
        return None  # ``_get_hyper(name)`` without a dtype returns the stored value, uncast
    cls = self_class(func.expr)
    if cls is None or func.attrname in cls.locals:
        return None
    found = keras_base(cls, set())
    return confidence if found is not None and found[1] == "optimizer" else None
