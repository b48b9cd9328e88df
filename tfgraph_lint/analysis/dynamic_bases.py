"""Keras classes built with ``dynamic=True`` by a base in another file of the project (stdlib only).

``class BMES(ChunkingF1)`` where ``ChunkingF1.__init__`` (in another module) calls
``super().__init__(name, dtype, dynamic=True)``: every instance of the subclass is dynamic, as if
the subclass passed it itself (analysis/dynamic_layers says what that changes). The subclass's
module does not show it; the project view finds it up the chain of bases
(``ProjectClasses.chain``) from each file's :func:`~analysis.dynamic_declarations.dynamic_classes`,
and tells the module ``{DYNAMIC_BASE + "BMES": "ChunkingF1 metrics/chunking_f1.py:14"}``.

``True`` passed fourth counts only where the declaring class's own base is Keras's ``Layer``, whose
``__init__`` takes ``dynamic`` there (a built-in layer's or a project class's ``__init__`` has a
signature of its own). As in one module (analysis/dynamic_layers), the first class up the chain
that passes it decides: its ``__init__`` runs when the subclass's calls up.
"""

from __future__ import annotations

import copy
import os

from tfgraph_lint.analysis.dynamic_declarations import DYNAMIC_BASE, DYNAMIC_CALLER, POSITIONAL, is_layer_base


def dynamic_bases(classes, file: str, root: str) -> dict[str, str]:
    """For each Keras class of ``file`` (``classes``: the view's ``ProjectClasses``) with a base in
    another project file built dynamic: ``DYNAMIC_BASE + class`` -> ``"Base path:line"``, the
    path relative to ``root``."""
    found: dict[str, str] = {}
    for cls in sorted(classes.definitions(file)["classes"]):
        chain = classes.chain(file, cls)
        if all(owner == file for owner, _ in chain) or classes.keras_family(file, cls) is None:
            continue
        for owner, klass in chain:
            how = classes.definitions(owner).get("dynamic", {}).get(klass)
            if how is None:
                continue
            kind, line = how
            if kind == POSITIONAL and not any(is_layer_base(classes.imported_name(owner, spelled) or "")
                                              for spelled in classes.definitions(owner)["classes"].get(klass, ())):
                break
            if owner != file:
                found[DYNAMIC_BASE + cls] = f"{klass} {os.path.relpath(owner, root)}:{line}"
            break
    return found


def seeds_not_only_dynamic(graph) -> dict[str, dict[str, str]]:
    """``graph.seeds()`` (the ProjectGraph's), where a function the view reaches first from a
    dynamic layer's graph code (an account ending with ``DYNAMIC_CALLER``) but also from other
    graph code is told that other way: it runs traced there, so the dynamic caller says nothing."""
    seeds = graph.seeds()
    if not any(DYNAMIC_CALLER in how for found in seeds.values() for how in found.values()):
        return seeds
    plain = copy.copy(graph)  # (its own reach, over the rows no dynamic layer's code makes)
    plain.set_outgoing({real: [row for row in rows if not _dynamic_row(row)] for real, rows in graph.outgoing.items()})
    elsewhere = plain.seeds()
    return {real: {name: elsewhere.get(real, {}).get(name, how) if DYNAMIC_CALLER in how else how
                   for name, how in found.items()} for real, found in seeds.items()}


def _dynamic_row(row: list) -> bool:  # (base, attribute, method, line, how, ...): GraphIndex.outgoing
    return len(row) > 4 and isinstance(row[4], str) and DYNAMIC_CALLER in row[4]
