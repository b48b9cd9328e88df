"""Whether a subclassed model's ``call`` runs only once, directly, inside a method of its own.

A script may make a subclassed model only to call a method the class itself defines (or its own
override of ``build`` that returns the model it makes), which builds
a functional model from it (``model = net.build_graph()``, whose body makes ``Input``s and returns
``Model(inputs, net.call(inputs))``), then fit that functional model. The method runs as Python,
outside traced code; its direct ``self.call(x)`` runs the class's ``call`` right there, once, on the
symbolic inputs, and makes no Keras node of the class: the functional model's loops run the layers
that call recorded, never the class's ``call``.

The evidence is split between two files. The script's side (direct_method_runs'
``methods_called_directly``): every use of the instance calls a method directly, outside traced
code; the script says which through one row marker per method (instance_screen). The class's side
(:func:`runs_call_only_directly`): each such method is the class's own (not inherited, not
decorated), and never calls ``self(...)``, never hands ``self`` or a method of it on, and calls
only ``self.call(...)`` or, recursively, such methods of its own on ``self``.

In the class's own module the two sides meet (:func:`built_by_own_build`): an instance whose
``build`` override is called and its value kept (``model = FPN(256).build((512, 512, 3))``, the
``__main__`` block of a model zoo's module) is no traced use of the class.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.instance_uses import PLAIN_ATTRIBUTES, attribute_chain, handed_on
from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core import tf_api

# Methods Keras itself calls, or by which it builds, runs or traces a model: never "the class's own".
_KERAS_NAMES = (tf_api.KERAS_TRACED_METHODS | tf_api.KERAS_MODEL_TRACERS | tf_api.KERAS_STEP_METHODS
                | frozenset({"call", "__call__"}))
_CALL = "call"


# Keras calls ``build`` itself only when it calls the model; a class may override it to return a
# functional model (``return Model(inputs, self.call(inputs))``), which Keras's never does.
_BUILD = "build"


def _own_name(name: str) -> bool:
    return name == _BUILD or (name not in _KERAS_NAMES and not name.startswith("__"))


def built_by_own_build(use: nodes.NodeNG, reference: nodes.NodeNG | None) -> bool:
    """``net.build(shape)`` whose value is kept (``model = net.build(shape)``, ``Net().build(shape)(x)``),
    where ``reference`` (the class as the code names it where it makes the instance) is a class of
    the module whose own ``build`` returns a value and runs ``call`` only directly: the override
    builds a functional model from one direct ``self.call`` on symbolic inputs, and the kept value
    is that model, not the instance (Keras's own ``build`` returns None)."""
    attribute = use.parent
    called = attribute.parent if isinstance(attribute, nodes.Attribute) else None
    if not (isinstance(called, nodes.Call) and called.func is attribute and attribute.attrname == _BUILD
            and not isinstance(called.parent, nodes.Expr) and isinstance(reference, nodes.Name)):
        return False
    classes = [found for found in bindings(reference, reference.name) if isinstance(found, nodes.ClassDef)]
    return len(classes) == 1 and runs_call_only_directly(classes[0], [_BUILD])


def runs_call_only_directly(cls: nodes.ClassDef, method_names) -> bool:
    """Each of ``method_names`` is a method ``cls`` defines whose runs call ``cls``'s ``call`` only
    directly, on ``self`` (see the module's docstring)."""
    seen: set[str] = set()
    return all(_harmless(cls, name, seen) for name in method_names)


def _harmless(cls: nodes.ClassDef, name: str, seen: set[str]) -> bool:
    if name in seen:
        return True
    if not _own_name(name):
        return False
    defined = [node for node in cls.body if isinstance(node, nodes.FunctionDef) and node.name == name]
    if len(defined) != 1 or defined[0].decorators is not None or cls.locals.get(name, [None])[-1] is not defined[0]:
        return False  # inherited, decorated (a staticmethod, a tf.function) or bound twice
    method = defined[0]
    positional = method.args.posonlyargs + method.args.args
    if not positional or (name == _BUILD and not any(ret.value is not None for ret in descendants(method, nodes.Return))):
        return False  # (a build that returns nothing is Keras's kind: it makes weights, or nothing)
    receiver = positional[0].name
    seen.add(name)
    if any(bound.name == receiver for bound in descendants(method, nodes.AssignName) if bound is not positional[0]):
        return False  # the receiver's name bound again: its reads are not all ``self``
    return all(_self_use_harmless(use, cls, seen)
               for use in descendants(method, nodes.Name) if use.name == receiver)


def _self_use_harmless(use: nodes.Name, cls: nodes.ClassDef, seen: set[str]) -> bool:
    """``self.call(x)``, a call of a harmless own method, or a plain attribute read; not
    ``self(x)``, nor ``self`` (or a method of it) handed on, nor any other method called."""
    attribute = use.parent
    if not (isinstance(attribute, nodes.Attribute) and attribute.expr is use):
        return False  # ``self(x)``, returned, passed, stored
    chain, names = attribute_chain(attribute)
    called = chain.parent
    if isinstance(called, nodes.Call) and called.func is chain:
        if names == [_CALL]:
            return True  # runs right there, once: no Keras node
        return len(names) == 1 and _harmless(cls, names[0], seen)
    return names[0] in PLAIN_ATTRIBUTES or not handed_on(chain)
