"""Which files the project view asks what they do with the instances of project classes they make.

A file with no graph code is analysed all the same when it makes an instance of a class through
an imported name (engine.graph_outgoing, analysis/instance_screen): its rows become marker seeds
of the class's module, ``Cls.<made, run eagerly>``. Those weigh one thing only: whether the
traced methods of a Keras class there (``call``, ``update_state``...) run only eagerly
(keras_run_evidence). So the view asks a file only when one of its imported names may lead,
as ``ProjectGraph.resolve_reference`` follows a class, to a module that may define such a class
(``screen.may_define_keras_methods``): ``from m import Cls`` with ``Cls`` defined in ``m`` or
re-exported there from such a module; ``import m`` or ``from pkg import m`` (``m.Cls(...)``) with
``m`` such a module, or re-exporting a capitalised name from one. Over-approximated on purpose:
a file asked in vain only costs its parse.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from tfgraph_lint.analysis.project_graph import MAX_REEXPORTS


def instance_files(graph, bases: dict[str, frozenset[str]], keras_module: Callable[[str], bool]) -> set[str]:
    """The files of ``bases`` (file -> its imported names that lead to a project file,
    view_bases) to ask, above; ``keras_module(file)``: the file may define a Keras class with
    methods Keras traces."""
    keras_module = functools.cache(keras_module)

    def leads_to(module_file: str | None, name: str) -> bool:
        # ``name`` of ``module_file`` may be such a class: defined there, or imported from a
        # module where it may be (re-exported), hop by hop as the view resolves it.
        for _ in range(MAX_REEXPORTS + 2):
            if module_file is None:
                return False
            if keras_module(module_file):
                return True
            imported = graph.imports.get(module_file, {}).get(name)
            if imported is None or imported[2] is None:  # not imported, or a module (``import x as name``)
                return False
            module, level, name = imported
            module_file = graph.resolve_module(module_file, module, level)
        return False

    @functools.cache
    def module_leads(module_file: str | None) -> bool:
        # ``m.Cls`` through the module ``m``: any capitalised name of it may be such a class.
        if module_file is None:
            return False
        return keras_module(module_file) or any(
            name[:1].isupper() and leads_to(module_file, name) for name in graph.imports.get(module_file, {}))

    found = set()
    for real, names in bases.items():
        imports = graph.imports.get(real, {})
        for base in names:
            module, level, name = imports[base]
            if name is None:  # import pkg.mod as m: m.Cls
                asked = module_leads(graph.resolve_module(real, module, level))
            else:  # from m import Cls: Cls; from pkg import m: m.Cls
                asked = ((base[:1].isupper() and leads_to(graph.resolve_module(real, module, level), name))
                         or module_leads(graph.resolve_module(real, f"{module}.{name}" if module else name, level)))
            if asked:
                found.add(real)
                break
    return found
