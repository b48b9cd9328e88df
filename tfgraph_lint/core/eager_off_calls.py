"""TensorFlow's calls that turn eager execution off for the whole process, read from source with
``ast`` (no astroid: ``verify`` asks it of a program, the static path of a package's
``__init__.py``).

``tf.compat.v1.disable_eager_execution()`` and ``disable_v2_behavior()`` in any spelling the
imports make: ``import tensorflow.compat.v1 as tf`` then ``tf.disable_v2_behavior()``, or
``from tensorflow.compat.v1 import disable_eager_execution``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from tfgraph_lint.core.tf_api import canonical

# Canonical names (core.tf_api: ``tf.compat.v1.disable_eager_execution`` is
# ``tensorflow.disable_eager_execution``).
EAGER_OFF = frozenset({
    "tensorflow.disable_eager_execution",
    "tensorflow.disable_v2_behavior",
    "tensorflow.python.framework.ops.disable_eager_execution",
    "tensorflow.python.compat.v2_compat.disable_v2_behavior",
})


def imported_names(statements: Iterable[ast.AST]) -> dict[str, str]:
    """Local name -> the module or object the import statements among ``statements`` bind it to
    (``tf`` -> ``tensorflow.compat.v1``)."""
    bound: dict[str, str] = {}
    for node in statements:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    root = alias.name.split(".")[0]
                    bound[root] = root
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def turns_eager_off(call: ast.Call, bound: dict[str, str]) -> bool:
    """``call`` is one of :data:`EAGER_OFF`, its name resolved through ``bound``."""
    name = dotted(call.func, bound)
    return name is not None and canonical(name) in EAGER_OFF


def dotted(expression: ast.expr, bound: dict[str, str]) -> str | None:
    """``tf.compat.v1.disable_eager_execution`` with ``tf`` resolved through the imports."""
    parts: list[str] = []
    while isinstance(expression, ast.Attribute):
        parts.append(expression.attr)
        expression = expression.value
    if not isinstance(expression, ast.Name) or expression.id not in bound:
        return None
    return ".".join([bound[expression.id], *reversed(parts)])
