"""Names a project module hands on by star-importing another: ``from .scatter import *`` in a
package's ``__init__.py`` makes ``ops.scatter_sum`` (after ``from pkg import ops``) the function
``scatter.py`` defines. Python's star import binds every public top-level name of the module (no
``__all__`` is read here: a name the module defines and ``__all__`` leaves out is still followed,
which only ever finds the function a call names).

Plain data, for the project view (project_graph): each file's star imports come from its
``module_edges.exports`` (``mirrors``).
"""

from __future__ import annotations


def star_imported(graph, file: str) -> list[tuple[str, int, None]]:
    """The modules ``file`` star-imports, as import records (``[module, level, None]``)."""
    return [(module, level, None) for module, level in graph.star_imports(file)]


def star_defined(graph, file: str, name: str, hops: int, classes: bool) -> tuple[str, str] | None:
    """(file, name) of the definition ``name`` reaches in ``file`` through its star imports."""
    if name.startswith("_"):
        return None  # a star import hands on no private name
    for module, level in graph.star_imports(file):
        found = graph.defined(graph.resolve_module(file, module, level), name, hops + 1, classes)
        if found is not None:
            return found
    return None
