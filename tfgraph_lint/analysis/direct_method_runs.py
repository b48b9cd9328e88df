"""Whether a Keras model whose methods a program calls directly, by name, runs only eagerly there.

Research code often trains a subclassed model with a loop of its own: a trainer class makes the
model (``self.model = Net(...)``) and calls ``self.model.train_step(batch)`` on each batch, and
methods of the model's own (``self.model.init_noise()``, ``self.model.scores(users)``), never
``fit``. A method called this way is a plain Python call, not a Keras loop: called outside traced
code it runs as Python, once per call, and so does what it runs of the model (``self(x)`` in it
runs ``call`` eagerly on the values it is given).

The evidence is split between two files, as for analysis/own_method_builds (whose row markers it
shares). The program's side (:func:`methods_called_directly`): every use of the instance calls a
method directly, outside traced code, by a name that is the class's own or a Keras step method
(``train_step``, ``test_step``, ``predict_step``), never a Keras loop, ``compile``, ``build`` or
``save``. The class's side (:func:`runs_only_when_called`): each such method is defined once by
the class itself, undecorated (a tf.function step traces), and with ``self`` it only

- calls the model or what it holds (``self(x)``, ``self.block(x)``, ``self.optimizer.apply_gradients``)
  when it opens a ``tf.GradientTape``: it computes gradients of what it runs, so it runs on real
  values (a method building a functional model on symbolic inputs computes none);
- otherwise never calls the model or what it holds, and hands its attributes only to functions
  (``tf.matmul(x, self.kernel)``), not to a class it makes (``Model(inputs, self.head)``);
- calls methods of its own that pass this test, assigns its attributes, reads them; and never
  calls a Keras loop, ``compile``, ``build`` or ``save`` on ``self``, nor hands ``self`` or one
  of its methods on (``tf.function(self.call)``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.eager_steps import opens_tape
from tfgraph_lint.analysis.instance_uses import PLAIN_ATTRIBUTES, attribute_chain, handed_on, instance_uses
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core import tf_api

# Methods by which Keras runs a model in a loop, builds or traces it: never a plain call.
_TRACERS = tf_api.KERAS_MODEL_TRACERS | frozenset({"__call__"})
# Keras methods a program may call directly, by name, on real values.
_DIRECT = tf_api.KERAS_STEP_METHODS
_KERAS_NAMES = tf_api.KERAS_TRACED_METHODS | _TRACERS | frozenset({"call"})


def _called_directly(name: str) -> bool:
    return name in _DIRECT or (name not in _KERAS_NAMES and not name.startswith("__"))


def methods_called_directly(made: nodes.Call, index) -> list[str] | None:
    """The methods called on what ``made`` (``Cls(...)``) is bound to, when every use of it calls
    one directly, outside traced code, by a name of the class's own or a Keras step method; None
    otherwise."""
    uses = instance_uses(made)
    if not uses:
        return None
    called_names = set()
    for use in uses:
        attribute = use.parent
        if not (isinstance(attribute, nodes.Attribute) and attribute.expr is use):
            return None
        called = attribute.parent
        if not (isinstance(called, nodes.Call) and called.func is attribute and _called_directly(attribute.attrname)):
            return None
        if index.in_traced_code(called):
            return None
        called_names.add(attribute.attrname)
    return sorted(called_names)


def runs_only_when_called(cls: nodes.ClassDef, method_names) -> bool:
    """Each of ``method_names`` is a method of ``cls``'s own that runs the model only as it is
    called, on real values (see the module's docstring)."""
    seen: set[str] = set()
    return bool(method_names) and all(_runs_only_when_called(cls, name, seen) for name in method_names)


def _runs_only_when_called(cls: nodes.ClassDef, name: str, seen: set[str]) -> bool:
    if name in seen:
        return True
    if not _called_directly(name):
        return False
    method = _own_method(cls, name)
    if method is None:
        return False
    positional = method.args.posonlyargs + method.args.args
    if not positional:
        return False
    receiver = positional[0].name
    if any(bound.name == receiver for bound in descendants(method, nodes.AssignName) if bound is not positional[0]):
        return False  # the receiver's name bound again: its reads are not all ``self``
    seen.add(name)
    real_values = opens_tape(method)
    # A use in a nested function or lambda runs where that goes (``tf.function(lambda: self(x))``).
    return all(use.scope() is method and _self_use(use, cls, seen, real_values)
               for use in descendants(method, nodes.Name) if use.name == receiver)


def _own_method(cls: nodes.ClassDef, name: str) -> nodes.FunctionDef | None:
    """The method ``name`` that ``cls`` defines once, undecorated (not inherited, not a tf.function)."""
    defined = [node for node in cls.body if isinstance(node, nodes.FunctionDef) and node.name == name]
    if len(defined) != 1 or defined[0].decorators is not None or cls.locals.get(name, [None])[-1] is not defined[0]:
        return None
    return defined[0]


def _self_use(use: nodes.Name, cls: nodes.ClassDef, seen: set[str], real_values: bool) -> bool:
    parent = use.parent
    if isinstance(parent, nodes.AssignAttr) and parent.expr is use:
        return True  # ``self.noise = ...`` runs nothing of the model
    if isinstance(parent, nodes.Call) and parent.func is use:
        return real_values  # ``self(x)``: eager on real values; maybe a Keras node on symbolic ones
    if not (isinstance(parent, nodes.Attribute) and parent.expr is use):
        return False  # ``self`` returned, passed, stored
    chain, names = attribute_chain(parent)
    if _TRACERS.intersection(names):
        return False  # ``self.fit(...)``, ``self.encoder.save(...)``
    defined = any(isinstance(node, nodes.FunctionDef) and node.name == names[0] for node in cls.body)
    called = chain.parent
    if isinstance(called, nodes.Call) and called.func is chain:
        if len(names) == 1 and _own_method(cls, names[0]) is not None:
            return _runs_only_when_called(cls, names[0], seen)
        # The model's own layers and optimizer (``self.block(x)``, ``self.optimizer.apply_gradients``)
        # run on what they are given; an inherited or decorated method may trace.
        return real_values and not defined and _held(cls, names[0])
    if defined:
        return False  # a method of it handed on or read: where it runs is not shown
    if not handed_on(chain):
        return True  # read: ``self.kernel.shape``, ``self.noise + x``
    # Handed on: a variable list, or what the model holds (never a method it inherits,
    # ``tf.function(self.call)``), to a function unless the values are real.
    return (names[0] in PLAIN_ATTRIBUTES or _held(cls, names[0])) and (real_values or _to_a_function(chain))


def _held(cls: nodes.ClassDef, name: str) -> bool:
    """``cls`` assigns ``self.<name>`` somewhere: an object the model holds, not an inherited method."""
    return any(node.attrname == name and isinstance(node.expr, nodes.Name) and node.expr.name == "self"
               for node in descendants(cls, nodes.AssignAttr))


def _to_a_function(node: nodes.NodeNG) -> bool:
    """``node`` is an argument, perhaps inside a list or tuple, of a call of a function (a name
    that is not capitalised: ``tf.matmul``, ``tf.zeros(shape=[...])``), not of a class it makes."""
    parent = node.parent
    while isinstance(parent, (nodes.List, nodes.Tuple, nodes.Keyword)):
        node, parent = parent, parent.parent
    if not (isinstance(parent, nodes.Call) and parent.func is not node):
        return False
    func = parent.func
    last = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    return bool(last) and not last[:1].isupper()
