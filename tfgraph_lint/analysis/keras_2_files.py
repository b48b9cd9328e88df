"""Which linted files run under Keras 2, as the files of the project that load them show (stdlib
only: the project view asks it once per run, from the imports it already has of every file).

Two directions, for two kinds of evidence. A module only Keras 2 has (``keras.engine``;
keras_generation.imports_keras_2_only), or ``TF_USE_LEGACY_KERAS`` set, holds for the file that
imports it or sets it and for every file that imports that one, directly or further on: they
cannot be imported, or import TensorFlow, otherwise. A ``compile`` keyword only Keras 2 accepts
(keras_generation.keras_2_compile) holds for the file that calls it and for the project files it
imports, directly or further on: that call raises under Keras 3, so the program that makes it runs
Keras 2, and with it the modules it loads (the layers it compiles, what their ``call`` runs).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable

from tfgraph_lint.analysis.keras_generation import imports_keras_2_only


def keras_2_files(graph, linted: set[str], legacy: set[str] = frozenset(),
                  compiles: set[str] = frozenset(), resets: set[str] = frozenset()) -> list[str]:
    """The files of ``linted`` that import, directly or through the project files they import, a
    module only Keras 2 has (keras_version.imports_keras_2_only): they can only be imported where
    that module exists, so they run under Keras 2 and are judged by its rules. Files that set
    ``TF_USE_LEGACY_KERAS`` (``legacy``: keras_generation.sets_legacy_keras) count as such a
    module, and so does, for every module of a package, a package ``__init__.py`` that imports
    one of them: Python runs it before any module of the package. And the files of ``compiles``
    (keras_generation.keras_2_compile) with the project files they import, further on; and the
    files of ``resets`` (keras_generation.keras_2_metric_reset), the programs that import them,
    directly or further on, and the project files those import: a method of a loaded module
    raising under Keras 3 says the program was written for Keras 2."""
    found = [real for real, imports in graph.imports.items() if imports_keras_2_only(imports)]
    imported = (lambda real: graph.imported_files(real) if real in graph.imports else ())
    keras_2 = _closure(sorted(compiles), imported)
    if not found and not legacy and not resets:
        return sorted(linted & keras_2)
    found += sorted(legacy - set(found))
    importers: dict[str, set[str]] = {}
    for real in graph.imports:
        for target in graph.imported_files(real):
            importers.setdefault(target, set()).add(real)
    if resets:
        keras_2 |= _closure(sorted(_closure(sorted(resets), lambda real: importers.get(real, ()))), imported)
    keras_2 |= _closure(found, lambda real: importers.get(real, ()))
    if legacy:
        # The environment is the process's: what a package's __init__ sets holds for its modules.
        legacy_closure = _closure(sorted(legacy), lambda real: importers.get(real, ()))
        packages = {os.path.dirname(real) for real in legacy_closure if os.path.basename(real) == "__init__.py"}
        keras_2 |= {real for real in linted if any(
            folder == package or folder.startswith(package + os.sep)
            for folder in [os.path.dirname(real)] for package in packages)}
    return sorted(linted & keras_2)


def _closure(found: list[str], edges: Callable[[str], Iterable[str]]) -> set[str]:
    """``found`` and every file ``edges`` lead to from one of them, directly or further on
    (``edges``: a file's importers, or the project files it imports)."""
    closure, queue = set(found), deque(found)
    while queue:
        for following in edges(queue.popleft()):
            if following not in closure:
                closure.add(following)
                queue.append(following)
    return closure
