"""Globals filled lazily: ``if _TABLE is None: _TABLE = build()`` in a function declaring it global.

Such a name changes once, from nothing to its value (keras-cv's Pascal VOC
colour map). A tf.function that read the nothing could not have used it, so the value it traces
with is the one the name keeps: TFG107 does not count the lazy binding as a rebinding, unless the
traced function itself asks whether the name is set yet.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.once_guards import guards_unset_name


def lazily_initialised(binding: nodes.NodeNG) -> bool:
    """A binding under ``if NAME is None:`` (or ``if not NAME:``) of its own name, in the function
    that declares it global: a lazily filled global (``if _TABLE is None: _TABLE = build()``)
    changes once, from nothing to its value. A tf.function that read the nothing could not use it,
    so the value it traces with is the one the name keeps."""
    name = getattr(binding, "name", None)
    child, parent = binding, binding.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Module)):
        if isinstance(parent, nodes.If) and child in parent.body and guards_unset_name(parent.test, name):
            return True
        child, parent = parent, parent.parent
    return False


def asks_if_set(fn: nodes.NodeNG, name: str) -> bool:
    """``fn`` asks whether the global is set itself (``if NAME is None``): a trace made before the
    lazy set-up would take the other branch, and keep it."""
    return any(guards_unset_name(test, name) or (isinstance(test, nodes.Compare) and isinstance(test.left, nodes.Name)
                                             and test.left.name == name)
               for test in (node.test for node in descendants(fn, nodes.If, nodes.IfExp)))
