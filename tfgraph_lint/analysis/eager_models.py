"""In a notebook, a Keras layer or model class whose instances top-level code only calls directly.

Keras traces ``call`` when ``fit``/``predict``/``evaluate`` run the model, or when a tf.function
calls it; ``model(x)`` in a notebook's top-level code runs ``call`` eagerly, every time. Nothing
imports a notebook, so when every instance the notebook makes of the class is bound to a name at
top level, every use of that name is such a direct call in top-level code, and the class is named
nowhere else, its ``call`` is not shown to be graph code: the graph-code index makes it LOW (the
held-out simclr distillation notebook prints in a ``call`` it runs eagerly in a loop).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.node_index import descendants

_CODE = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)


def called_only_eagerly(cls: nodes.ClassDef, module: nodes.Module) -> bool:
    references = [name for name in descendants(module, nodes.Name)  # ``super(Model, self)`` aside
                  if name.name == cls.name and not cls.parent_of(name) and cls in bindings(name, name.name)]
    if not references:
        return False
    for reference in references:
        made = reference.parent
        if not (isinstance(made, nodes.Call) and made.func is reference):
            return False  # subclassed, handed on, stored: used where this module cannot see
        assign = made.parent
        if not (isinstance(assign, nodes.Assign) and assign.value is made and len(assign.targets) == 1
                and isinstance(assign.targets[0], nodes.AssignName) and _top_level(assign)):
            return False
        target = assign.targets[0]
        for use in descendants(module, nodes.Name):
            if use.name != target.name or target not in bindings(use, use.name):
                continue
            if not (isinstance(use.parent, nodes.Call) and use.parent.func is use and _top_level(use)):
                return False  # model.fit(...), a tf.function calling it, passed on: may be traced
    return True


def _top_level(node: nodes.NodeNG) -> bool:
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if isinstance(parent, _CODE):
            return False
        parent = parent.parent
    return True
