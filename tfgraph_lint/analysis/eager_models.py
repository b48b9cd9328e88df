"""In a notebook, Keras classes whose methods nothing shown runs in Keras' traced loops.

Keras traces ``call`` when ``fit``/``predict``/``evaluate`` run the model, or when a tf.function
calls it; ``model(x)`` in a notebook's top-level code runs ``call`` eagerly, every time. Nothing
imports a notebook, so when every instance the notebook makes of the class is bound to a name at
top level, every use of that name is such a direct call in top-level code, and the class is named
nowhere else, its ``call`` is not shown to be graph code: the graph-code index makes it LOW (the
held-out simclr distillation notebook prints in a ``call`` it runs eagerly in a loop).

So for a layer a function is handed to (``layers.Lambda(f)``, ``activation=f``): when the notebook
only calls that layer directly in top-level code, ``f`` runs eagerly (:func:`layer_called_only_eagerly`).

Likewise a notebook that never calls anything Keras runs its compiled loops with (``fit``,
``evaluate``, ``predict``, ``*_on_batch``, ``save``/``export``), or whose instances of the class
are only ever asked for other attributes, shows no trace of its Keras
classes' ``train_step``, ``update_state`` and the like: tensorflow/docs' migration-debugging guide
calls ``model.train_step(batch)`` itself, eagerly, to compare logs with TF 1 (LOW there too; a
tf.function calling the method is its own, stronger way in). ``call`` is LOW only when the
instances are never called or handed on either: a tf.function calling an instance traces it, a
way in the index does not follow.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import instance_bindings
from tfgraph_lint.analysis.names import references
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.core import tf_api

_CODE = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)


def called_only_eagerly(cls: nodes.ClassDef, module: nodes.Module) -> bool:
    targets = instance_bindings(cls, module)  # None: subclassed, handed on, stored elsewhere
    if targets is None or not all(isinstance(target, nodes.AssignName) and _top_level(target) for target in targets):
        return False
    # model.fit(...), a tf.function calling it, passed on: may be traced
    return all(isinstance(use.parent, nodes.Call) and use.parent.func is use and _top_level(use)
               for target in targets for use in references(target, module))


def layer_called_only_eagerly(made: nodes.Call, module: nodes.Module) -> bool:
    """The Keras layer the call ``made`` makes (``layers.Lambda(f)``, ``Dense(4, activation=g)``)
    is bound to names at top level, directly or as what a top-level factory returns
    (``random_invert = make_random_invert()``), and every use of those names is a direct call in
    top-level code: the notebook runs the layer eagerly, never in a model or a tf.function
    (tensorflow/docs' data augmentation tutorial plots a Lambda's output image by image)."""
    targets = _layer_targets(made, module)
    return bool(targets) and all(
        isinstance(use.parent, nodes.Call) and use.parent.func is use and _top_level(use)
        for target in targets for use in references(target, module))


def _layer_targets(made: nodes.Call, module: nodes.Module) -> list[nodes.AssignName] | None:
    parent = made.parent
    if isinstance(parent, nodes.Assign) and _top_level(parent):
        return [parent.targets[0]] if len(parent.targets) == 1 and isinstance(parent.targets[0], nodes.AssignName) else None
    factory = made.frame()
    if not (isinstance(parent, nodes.Return) and isinstance(factory, nodes.FunctionDef)
            and isinstance(factory.parent, nodes.Module)):
        return None
    targets = []
    for use in references(factory, module):
        call = use.parent
        if not (isinstance(call, nodes.Call) and call.func is use and isinstance(call.parent, nodes.Assign)):
            return None  # its layers handed on, stored or used in place: not followed
        found = _layer_targets(call, module) if _top_level(call) else None
        if not found:
            return None
        targets += found
    return targets


def runs_no_keras_loop(module: nodes.Module) -> bool:
    """Nothing in the module calls a method (or function) named as Keras' traced loops are
    (remembered: asked once per Keras class of the notebook)."""
    memo = remembered(module, "runs no keras loop")
    if module not in memo:
        memo[module] = not any(
            (call.func.attrname if isinstance(call.func, nodes.Attribute) else getattr(call.func, "name", None))
            in tf_api.KERAS_LOOPS for call in descendants(module, nodes.Call))
    return memo[module]


def only_asked_for_attributes(cls: nodes.ClassDef, module: nodes.Module) -> bool:
    """Every instance of ``cls`` is bound to a name (or an attribute of ``self``) whose every use
    reads an attribute other than Keras' loops (``model.train_step(batch)``, ``model.logs``): the
    instances are never run by a loop, called, or handed on. So when there are none at all."""
    targets = instance_bindings(cls, module)  # None: subclassed, handed on, returned, or never named
    if targets is None:
        # Named nowhere outside its own body: the notebook never makes one (D2L's conv-layer
        # notebook defines a Conv2D layer, then trains Keras's own), so nothing runs its methods.
        return not any(not cls.parent_of(use) for use in references(cls, module))
    for target in targets:
        uses = _uses(target, module)
        if uses is None or not all(_reads_other_than_loops(use) for use in uses):
            return False
    return True


def _uses(target: nodes.NodeNG, module: nodes.Module) -> list[nodes.NodeNG] | None:
    """The reads of a name or ``self.<attribute>`` bound to an instance; None for other targets."""
    if isinstance(target, nodes.AssignName):
        return references(target, module)
    if isinstance(target, nodes.AssignAttr) and isinstance(target.expr, nodes.Name) and target.expr.name == "self":
        owner = target.frame().parent
        return [use for use in descendants(owner, nodes.Attribute)
                if use.attrname == target.attrname and isinstance(use.expr, nodes.Name) and use.expr.name == "self"]
    return None


def _reads_other_than_loops(use: nodes.NodeNG) -> bool:
    """``model.train_step(...)``, ``model.logs[...]``: an attribute, not a Keras loop, of the instance."""
    attribute = use.parent
    return isinstance(attribute, nodes.Attribute) and attribute.expr is use and attribute.attrname not in tf_api.KERAS_LOOPS


def _top_level(node: nodes.NodeNG) -> bool:
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if isinstance(parent, _CODE):
            return False
        parent = parent.parent
    return True
