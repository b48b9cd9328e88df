"""The attributes of ``self`` that subclasses in other files of the project read (stdlib ``ast``,
no astroid).

A base class whose ``@tf.function`` method stores its tensor argument on ``self``
(``self.parameters = tensors``) may have no reader in its own file: the subclasses that read
``self.parameters`` live in other modules (``class Prelu(Layer)`` in ``activations.py``, with
``Layer`` imported from ``layer.py``). The stored symbolic tensor is what they read, so the store
is the hazard analysis/stored_tensors reports; without the other files it looks like an attribute
nothing reads.

Per file (stdlib ``ast``, kept with the file's definitions): :func:`file_self_reads`, the
attributes each top-level class with a base reads of ``self``. Across files (the project view):
:func:`subclass_reads_view`, per linted file, its classes that classes of other project files
derive from directly, with the attributes those read, told to the module as definitions
(``SUBCLASS_READS + Cls`` -> the names, space-separated; no Python spelling starts with ``<``).
In the module, analysis/stored_tensors reads them.
"""

from __future__ import annotations

import ast
from bisect import bisect_right

SUBCLASS_READS = "<read by subclasses in other files> "
_MAX_NAMES = 200  # attributes kept per class: the record stays small


def file_self_reads(tree: ast.Module, attributes: list[ast.AST]) -> dict[str, list[str]]:
    """The module's top-level classes that name a base -> the attributes their methods read of
    ``self`` (``self.parameters[0]``, ``self.hypers``), sorted. ``attributes``: the module's
    attribute nodes (any list holding them, e.g. the file record's one walk); each is given to the
    top-level class whose lines hold it, so that no class is walked again."""
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.bases]
    if not classes:
        return {}
    starts = [_first_line(node) for node in classes]
    reads: list[set[str]] = [set() for _ in classes]
    for node in attributes:
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            at = bisect_right(starts, node.lineno) - 1
            if at >= 0 and node.lineno <= classes[at].end_lineno:
                reads[at].add(node.attr)
    found: dict[str, list[str]] = {}
    for node, names in zip(classes, reads):
        if names:  # (a class defined twice: the later one's, as Python keeps it)
            found[node.name] = sorted(names)[:_MAX_NAMES]
    return found


def _first_line(node: ast.ClassDef) -> int:
    return min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])


def subclass_reads_view(project_class, files: set[str], linted: set[str],
                        definitions_of) -> dict[str, dict[str, str]]:
    """Per file of ``linted``: ``SUBCLASS_READS + Cls`` -> the attributes that classes of other
    files of ``files`` deriving directly from its class ``Cls`` read of ``self``.
    ``project_class(file, spelled)``: the (file, class) a base spelling names through imports
    (analysis/project_classes); ``definitions_of(file)``: the file's definitions."""
    read: dict[tuple[str, str], set[str]] = {}
    for real in sorted(files):
        definitions = definitions_of(real) or {}
        reads = definitions.get("self reads") or {}
        for cls, bases in (definitions.get("classes") or {}).items():
            if cls not in reads:
                continue
            for spelled in bases:
                target = project_class(real, spelled)
                if target is not None and target[0] in linted:
                    read.setdefault(target, set()).update(reads[cls])
    found: dict[str, dict[str, str]] = {}
    for (real, cls), names in sorted(read.items()):
        found.setdefault(real, {})[SUBCLASS_READS + cls] = " ".join(sorted(names))
    return found

