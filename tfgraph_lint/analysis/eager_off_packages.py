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

from tfgraph_lint.core.eager_off_calls import imported_names, turns_eager_off

_MAX_BYTES = 1_000_000


def eager_off_package(path: str) -> str | None:
    """Where a package holding ``path`` turns eager execution off when imported (the package
    folder's ``__init__.py`` and the line: ``sciann/__init__.py:8``), else None."""
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
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    statements = list(_top_level(tree))
    bound = imported_names(statements)
    for statement in statements:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) \
                and turns_eager_off(statement.value, bound):
            return statement.lineno
    return None


def _top_level(tree: ast.Module):
    """The module's statements, and those in its top-level ``try``/``if`` blocks, in order."""
    for statement in tree.body:
        yield statement
        if isinstance(statement, (ast.Try, ast.If)):
            for block in (statement.body, *(handler.body for handler in getattr(statement, "handlers", ())),
                          statement.orelse, getattr(statement, "finalbody", ())):
                yield from block
