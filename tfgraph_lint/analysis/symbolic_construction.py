"""Whether a module may call a Keras layer or model on symbolic inputs, or have Keras trace one.

Calling a layer or model runs its ``call`` as Python on what it is given: on eager tensors that
is once per call, as a plain function; on the symbolic inputs of a functional model being built
(``outputs = box_net(keras.Input(...))``) it is a trace, and what the call does at trace time
happens once. The call itself does not show which, so ``keras_run_evidence`` counts a direct call
of a layer or model outside traced code as eager only in a module that shows none of the ways
Keras builds or traces a model: :func:`may_build_symbolically` over-approximates them on purpose,

- a call named ``Input`` or ``InputLayer`` (``keras.Input``, ``layers.InputLayer``);
- a functional model: a call named ``Model`` or ``Functional`` given arguments
  (``Model(inputs, outputs)``, ``Model(inputs=..., outputs=...)``; a subclass's ``Model()``
  with none is not one);
- a Keras loop, ``compile``, ``build``, ``summary``, ``save`` or ``make_*_function`` called on
  any value (``build`` and ``summary`` build a model symbolically, saving traces it);
- a keyword that builds on symbolic inputs (``input_shape=``, ``batch_input_shape=``,
  ``input_dim=``).

``super().build(...)`` inside a layer's own ``build`` builds nothing new and is left out, and so
is ``tf.summary.scalar(...)`` (``summary`` read, not called). Whether the call is in traced code
is the caller's question (the graph-code index answers it).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.core import tf_api

_INPUTS = frozenset({"Input", "InputLayer"})
_FUNCTIONAL = frozenset({"Model", "Functional"})
_BUILDERS = tf_api.KERAS_MODEL_TRACERS
_SYMBOLIC_KEYWORDS = frozenset({"input_shape", "batch_input_shape", "input_dim"})


def may_build_symbolically(module: nodes.Module) -> bool:
    """``module`` shows a way Keras may build or trace a layer or model (see the module's docstring)."""
    memo = remembered(module, "may build symbolically")
    if module not in memo:
        memo[module] = any(_builds(call) for call in descendants(module, nodes.Call))
    return memo[module]


def _builds(call: nodes.Call) -> bool:
    func = call.func
    name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    if any(keyword.arg in _SYMBOLIC_KEYWORDS for keyword in call.keywords or ()):
        return True
    if name in _INPUTS:
        return True
    if name in _FUNCTIONAL:
        return bool(call.args or call.keywords)
    if isinstance(func, nodes.Attribute) and name in _BUILDERS:
        return not _on_super(func)
    return False


def _on_super(func: nodes.Attribute) -> bool:
    receiver = func.expr
    return (isinstance(receiver, nodes.Call) and isinstance(receiver.func, nodes.Name)
            and receiver.func.name == "super")
