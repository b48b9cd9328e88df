"""Whether a subclassed model's ``call`` runs only once, directly, inside a method of its own.

A script may make a subclassed model only to call a method the class itself defines, which builds
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
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.instance_uses import PLAIN_ATTRIBUTES, attribute_chain, handed_on
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core import tf_api

# Methods Keras itself calls, or by which it builds, runs or traces a model: never "the class's own".
_KERAS_NAMES = (tf_api.KERAS_TRACED_METHODS | tf_api.KERAS_MODEL_TRACERS | tf_api.KERAS_STEP_METHODS
                | frozenset({"call", "__call__"}))
_CALL = "call"


def _own_name(name: str) -> bool:
    return name not in _KERAS_NAMES and not name.startswith("__")


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
    if not positional:
        return False
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
