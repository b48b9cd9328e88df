"""Packages that turn eager execution off when imported: TensorFlow 1 graph mode in every module.

Importing any module of a package first runs the ``__init__.py`` of each package above it. When
one of them calls ``tf.compat.v1.disable_eager_execution()`` (or ``disable_v2_behavior()``) at
its top level, every module of the package runs with eager execution off, whatever its own text
says: a Keras layer's ``call`` or an optimizer's apply method runs when a model is put together
and its graph built, once, and a session runs that graph on every step. Python kept in such a
method (a list of the tensors it built, gradients stored on the optimizer for a session to
evaluate later) is how TensorFlow 1 graph code is written, not a trace-time surprise.

Read from the ``__init__.py`` files of the folders above the file that hold one (the package
chain Python imports), with ``ast``: only their top-level statements (and those in top-level
``try``/``if`` blocks) are read. Remembered per folder for the process.
"""

from __future__ import annotations

import ast
import functools
import os

_TURNS_EAGER_OFF = ("disable_eager_execution", "disable_v2_behavior")
_MAX_BYTES = 1_000_000


def eager_off_package(path: str) -> str | None:
    """Where a package holding ``path`` turns eager execution off when imported
    (``sciann/__init__.py:8``, relative to the outermost package's folder), else None."""
    if not path or not os.path.isfile(path):
        return None  # source given as text, with a name only
    return _folder_turns_eager_off(os.path.dirname(os.path.abspath(path)))


@functools.lru_cache(maxsize=4096)
def _folder_turns_eager_off(folder: str) -> str | None:
    init = os.path.join(folder, "__init__.py")
    if not os.path.isfile(init):
        return None
    line = _turns_eager_off_at(init)
    if line is not None:
        return f"{os.path.basename(folder)}/__init__.py:{line}"
    parent = os.path.dirname(folder)
    return _folder_turns_eager_off(parent) if parent != folder else None


def _turns_eager_off_at(init: str) -> int | None:
    """The line of the top-level call in ``init`` that turns eager execution off, else None."""
    try:
        with open(init, encoding="utf-8", errors="replace") as handle:
            tree = ast.parse(handle.read(_MAX_BYTES))
    except (OSError, SyntaxError, ValueError):
        return None
    modules: dict[str, str] = {}  # local name -> the module or object it names
    pending = list(tree.body)
    while pending:
        statement = pending.pop(0)
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                local = alias.asname or alias.name.partition(".")[0]
                modules[local] = alias.name if alias.asname else local
        elif isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                modules[alias.asname or alias.name] = f"{statement.module}.{alias.name}"
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            name = _dotted(statement.value.func, modules)
            if name is not None and name.startswith("tensorflow.") and name.rpartition(".")[2] in _TURNS_EAGER_OFF:
                return statement.lineno
        elif isinstance(statement, (ast.Try, ast.If)):
            pending[:0] = [*statement.body, *getattr(statement, "orelse", ()), *getattr(statement, "finalbody", ())]
            for handler in getattr(statement, "handlers", ()):
                pending[:0] = handler.body
    return None


def _dotted(expr: ast.expr, modules: dict[str, str]) -> str | None:
    """``tf.compat.v1.disable_eager_execution`` with its first name resolved through the imports."""
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name) or expr.id not in modules:
        return None
    return ".".join([modules[expr.id], *reversed(parts)])

