"""A Keras layer or model class of the module whose instances own variables.

``BottleNeck(growth_rate)(x)`` in a traced ``call`` makes a new layer every trace, like
``tf.keras.layers.Dense(4)(x)`` does; its variables come from what its ``__init__`` and
``build`` make (weighted Keras layers, ``self.add_weight``, ``tf.Variable``, or another such
class of the module). Checked on TF 2.21 (Keras 3.15): a class whose ``build`` adds a weight,
made in a retraced ``call``, raises "tf.function only supports singleton tf.Variables created on
the first call"; one holding a Dense made in ``__init__`` does not raise, but the layer is not
tracked (the outer layer has no weights) and starts untrained on every trace; under Keras 2
(tf_keras), as in the reports, it raises.
"""

from __future__ import annotations

from collections.abc import Callable

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases, instance_class
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.trace_entries import keras_base

# The methods Keras runs to make an instance's variables.
_STATE_METHODS = ("__init__", "build")


def own_stateful_keras_class(call: nodes.Call, makes_state: Callable[[nodes.Call], bool]) -> nodes.ClassDef | None:
    """The module's Keras class that ``call`` constructs, when its instances make variables;
    ``makes_state`` says whether a call in its set-up methods creates state."""
    if not isinstance(call.func, nodes.Name):
        return None
    cls = instance_class(call)
    if cls is None or keras_base(cls, set()) is None:
        return None
    return cls if _owns_state(cls, makes_state) else None


def _owns_state(cls: nodes.ClassDef, makes_state: Callable[[nodes.Call], bool]) -> bool:
    memo = remembered(cls, "own class owns state")
    if cls in memo:
        return memo[cls]
    # Provisional while its set-up is read: a class reached again through its own set-up (through
    # ``makes_state``, which asks this module afresh) owns no state by that path.
    memo[cls] = False
    found = False
    for klass in class_and_bases(cls):
        for method in klass.mymethods():
            if method.name not in _STATE_METHODS:
                continue
            for call in descendants(method, nodes.Call):
                if makes_state(call):
                    found = True
                    break
                inner = instance_class(call) if isinstance(call.func, nodes.Name) else None
                if inner is not None and inner is not cls and keras_base(inner, set()) is not None \
                        and _owns_state(inner, makes_state):
                    found = True
                    break
            if found:
                break
        if found:
            break
    memo[cls] = found
    return found
