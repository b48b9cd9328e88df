"""Classes a library imports from its own tree, by the path its users would call Keras's.

Keras's own source imports its helpers by absolute paths inside the ``keras`` package:
``from keras.src.layers.preprocessing...bounding_box import BoundingBox`` names a plain helper
class (``class BoundingBox:``), not a layer, though its path runs through ``keras.layers``
(keras-team/keras, the review corpus). When the file being linted sits in the tree that
path names (a folder of its own path is the package's first component, and the module's file is
there), that file is read: a class it defines with no base class is no Keras object. Read with
Python's ``ast``, never imported; one read per module file and version. The result cache keys a
file's findings on its own content, not on that module's: an edit that gives the helper a base
class shows in the findings of the files that make it once they change or the cache is cleared.
"""

from __future__ import annotations

import ast
import functools
import os

from astroid import nodes

from tfgraph_lint.analysis.names import spelled_qualified_name


def plain_class_of_own_tree(call: nodes.Call) -> bool:
    """``call`` makes a class defined without bases in a module of the linted file's own tree."""
    spelled = spelled_qualified_name(call.func) or ""
    module_name, _, class_name = spelled.rpartition(".")
    linted = call.root().file
    if not module_name or not class_name or not isinstance(linted, str) or not linted:
        return False
    module_file = _module_file(os.path.dirname(os.path.abspath(linted)), module_name.split("."))
    return module_file is not None and _defines_plain_class(module_file, class_name)


def _module_file(folder: str, parts: list[str]) -> str | None:
    """The module's file in the tree that holds ``folder``, found from the folder named as the
    module's top package."""
    pieces = folder.split(os.sep)
    for index in range(len(pieces) - 1, -1, -1):
        if pieces[index] == parts[0]:
            base = os.path.join(os.sep, *pieces[:index], *parts)
            for candidate in (base + ".py", os.path.join(base, "__init__.py")):
                if os.path.isfile(candidate):
                    return candidate
    return None


@functools.lru_cache(maxsize=256)
def _plain_classes(module_file: str, modified: int) -> frozenset[str]:  # keyed on the file's mtime too
    try:
        with open(module_file, encoding="utf-8", errors="replace") as handle:
            tree = ast.parse(handle.read())
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    return frozenset(node.name for node in tree.body if isinstance(node, ast.ClassDef)
                     and all(isinstance(base, ast.Name) and base.id == "object" for base in node.bases)
                     and not node.keywords)


def _defines_plain_class(module_file: str, class_name: str) -> bool:
    try:
        modified = os.stat(module_file).st_mtime_ns
    except OSError:
        return False
    return class_name in _plain_classes(module_file, modified)
