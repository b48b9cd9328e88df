"""Which classes of a file pass ``dynamic=True`` to the Keras constructor above them (stdlib ``ast``,
no astroid: the project view reads it of every file, and analysis/dynamic_layers of the linted one).

tf.keras 2's ``Layer.__init__(self, trainable=True, name=None, dtype=None, dynamic=False, **kwargs)``
takes ``dynamic`` as a keyword or as its fourth argument; ``Metric.__init__(self, name=None,
dtype=None, **kwargs)`` only as a keyword, which it hands on to ``Layer``. Keras 3 takes it in
neither (checked on TF 2.21: ``Layer.__init__(self, *, activity_regularizer=None, trainable=True,
dtype=None, autocast=True, name=None, **kwargs)`` refuses it, ``Metric.__init__(self, dtype=None,
name=None)`` takes no other keyword). So a class is built dynamic when its ``__init__`` calls
``super().__init__(...)`` (or ``Base.__init__(self, ...)``) with ``dynamic=True``, or with
``True`` fourth where its base is Keras's ``Layer`` itself (:data:`POSITIONAL`: the project view
checks the base, which this file alone cannot name). The value may also be a parameter of that
``__init__`` which it asserts (``assert dynamic, "works only in eager mode"``): no instance is
made unless it is true. A parameter merely defaulting to True is not enough: a caller may pass
False.

What the project view tells a file of a class whose dynamic base is in another file
(:data:`DYNAMIC_BASE`), and how its account of a call marks one made from such a class's graph
code (:data:`DYNAMIC_CALLER`), are spelled here so that both ends read the same words.
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis.node_walk import walk
from tfgraph_lint.core import tf_api

# How a class passes dynamic=True (:func:`dynamic_classes`): by keyword, good for any Keras base,
# or fourth, good only where its base is ``Layer`` (the view checks).
KEYWORD, POSITIONAL = "keyword", "positional"
_LAYER_POSITION = 3  # trainable, name, dtype, dynamic

# What the project view tells a file (its definitions) for its Keras class ``Cls`` built dynamic
# by a base of another file: ``{DYNAMIC_BASE + "Cls": "Base (path/base.py:14)"}``.
DYNAMIC_BASE = "<dynamic base>"
# Ends the project view's account of a call (``called from 'Layer.call'``) made from the Keras
# methods of a class built with dynamic=True: what it calls runs eagerly, or never (Keras 3).
DYNAMIC_CALLER = " (of a layer built with dynamic=True)"


def dynamic_classes(tree: ast.Module) -> dict[str, list]:
    """The module's top-level classes whose ``__init__`` passes dynamic=True to the constructor
    above it: name -> ``[KEYWORD or POSITIONAL, line of the call]``."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            how = class_passes_dynamic(node)
            if how is not None:
                found[node.name] = list(how)
    return found


def class_passes_dynamic(cls: ast.ClassDef) -> tuple[str, int] | None:
    """(:data:`KEYWORD` or :data:`POSITIONAL`, line) of the call in ``cls``'s own ``__init__``
    that passes dynamic=True up; None when it has none."""
    init = next((node for node in cls.body if isinstance(node, ast.FunctionDef) and node.name == "__init__"), None)
    return init_passes_dynamic(init) if init is not None else None


def init_passes_dynamic(init: ast.FunctionDef) -> tuple[str, int] | None:
    """:func:`class_passes_dynamic` of a class whose ``__init__`` is ``init``."""
    asserted = {node.test.id for node in init.body if isinstance(node, ast.Assert) and isinstance(node.test, ast.Name)}
    calls: list[ast.Call] = []
    walk(init, {ast.Call: calls})  # (ast.walk's order, at a fraction of its cost)
    for call in calls:
        if not (isinstance(call.func, ast.Attribute) and call.func.attr == "__init__"):
            continue
        for keyword in call.keywords:
            if keyword.arg == "dynamic":
                return (KEYWORD, call.lineno) if _true(keyword.value, asserted) else None
        # ``super().__init__(a, b, c, True)``; ``Base.__init__(self, a, b, c, True)``
        position = _LAYER_POSITION + (0 if _is_super(call.func.value) else 1)
        before = call.args[:position + 1]
        if len(before) > position and not any(isinstance(arg, ast.Starred) for arg in before) \
                and _true(call.args[position], asserted):
            return POSITIONAL, call.lineno
    return None


def is_layer_base(qualname: str) -> bool:
    """``qualname`` (canonical, ``tf_api.canonical``) is Keras's ``Layer`` itself, whose
    ``__init__`` takes ``dynamic`` fourth; not a built-in layer, whose signature is its own."""
    return qualname.rpartition(".")[2] == "Layer" and tf_api.keras_family(qualname) == "layer"


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _true(value: ast.expr, asserted: set[str]) -> bool:
    """The constant True, or a name ``__init__`` asserts at its top level."""
    return (isinstance(value, ast.Constant) and value.value is True) or (
        isinstance(value, ast.Name) and value.id in asserted)
