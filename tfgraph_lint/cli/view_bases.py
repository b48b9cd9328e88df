"""Which of a file's imported names can lead the project view into a file of the project."""

from __future__ import annotations


def project_bases(graph, real: str) -> frozenset[str]:
    """The names ``real`` imports through which a reference may resolve to a project file: those
    whose module (or ``module.name``) is one (every module ``ProjectGraph.resolve_reference``
    looks at for an imported base)."""
    found = set()
    for local, (module, level, name) in graph.imports.get(real, {}).items():
        if graph.resolve_module(real, module, level) is not None or (
                name is not None and graph.resolve_module(real, f"{module}.{name}" if module else name, level) is not None):
            found.add(local)
    return frozenset(found)
