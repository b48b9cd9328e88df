"""Whether a module may call a Keras layer or model on symbolic inputs, or have Keras trace one.

Calling a layer or model runs its ``call`` as Python on what it is given: on eager tensors that
is once per call, as a plain function; on the symbolic inputs of a functional model being built
(``outputs = box_net(keras.Input(...))``) it is a trace, and what the call does at trace time
happens once. The call itself does not show which, so ``keras_run_evidence`` counts a direct call
of a layer or model outside traced code as eager only in a module that shows no source of
symbolic inputs: :func:`may_give_symbolic_inputs` over-approximates them on purpose,

- a call named ``Input`` or ``InputLayer`` (``keras.Input``, ``layers.InputLayer``);
- a functional model: a call named ``Model`` or ``Functional`` given arguments
  (``Model(inputs, outputs)``, ``Model(inputs=..., outputs=...)``; a subclass's ``Model()``
  with none is not one), whose ``inputs`` and ``outputs`` other code may read;
- a keyword with which a layer or model is made on symbolic inputs (``Dense(4, input_shape=(3,))``,
  ``batch_input_shape=``, ``input_dim=``).

A Keras loop, ``compile``, ``build`` or ``save`` builds or traces the model it is
called on, and what that model holds; it gives the module no symbolic tensor to call another
instance on (an instance the model holds or runs is another use of that instance, weighed on its
own). A method of an instance called directly (``model.train_step(batch)``) runs whatever the
method does, which the class's module judges: such a call counts as eager only in a module that
shows none of these either (:func:`may_build_symbolically`). ``super().build(...)`` inside a
layer's own ``build`` builds nothing new and is left out (and a model's ``summary()`` builds
nothing: it prints the layers as built). Whether the call is in traced code is the caller's question (the
graph-code index answers it).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.core import tf_api

_INPUTS = frozenset({"Input", "InputLayer"})
_FUNCTIONAL = frozenset({"Model", "Functional"})
_SYMBOLIC_KEYWORDS = frozenset({"input_shape", "batch_input_shape", "input_dim"})
_BUILDERS = tf_api.KERAS_MODEL_TRACERS


def may_give_symbolic_inputs(module: nodes.Module) -> bool:
    """``module`` shows a source of symbolic inputs (see the module's docstring)."""
    memo = remembered(module, "may give symbolic inputs")
    if module not in memo:
        memo[module] = any(_gives_inputs(call) for call in descendants(module, nodes.Call))
    return memo[module]


def may_build_symbolically(module: nodes.Module) -> bool:
    """``module`` shows a source of symbolic inputs, or builds or traces a model (a Keras loop,
    ``compile``, ``build``, ``save`` called on any value)."""
    memo = remembered(module, "may build symbolically")
    if module not in memo:
        memo[module] = may_give_symbolic_inputs(module) or any(
            _calls_builder(call) for call in descendants(module, nodes.Call))
    return memo[module]


def _gives_inputs(call: nodes.Call) -> bool:
    func = call.func
    name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    if name[:1].isupper() and any(keyword.arg in _SYMBOLIC_KEYWORDS for keyword in call.keywords or ()):
        return True  # ``Dense(4, input_shape=(3,))``; ``model.build(input_shape=...)`` builds only ``model``
    if name in _INPUTS:
        return True
    if name in _FUNCTIONAL:
        return bool(call.args or call.keywords)
    return False


def _calls_builder(call: nodes.Call) -> bool:
    func = call.func
    return isinstance(func, nodes.Attribute) and func.attrname in _BUILDERS and not _on_super(func)


def _on_super(func: nodes.Attribute) -> bool:
    receiver = func.expr
    return (isinstance(receiver, nodes.Call) and isinstance(receiver.func, nodes.Name)
            and receiver.func.name == "super")
