"""The classes of the project that what its files trace may reach (for ``cli/view_eager``).

A file's tracing words whose reach it shows (``analysis/tracing_reach``) name what they reach:
classes, imports, annotated parameters. Here they are resolved across the project's files, and
followed: a class reached reaches what its instances reach (``analysis/code_reach.class_reach``:
its methods' code, what its attributes hold), and so do its bases (their methods run on it) and
its subclasses (a value reached as an instance of a class may be one of a subclass). Project code
that is no class (a function or a module's value, through an import), a class whose instances'
reach its file does not show, or a parameter annotated with a class of another library: any class
may be reached. A name imported from the project and resolved to a function of it reaches
nothing (its own file shows what it traces), and a pytest fixture of a conftest.py reaches what its
values do (``cli/view_fixtures``).
"""

from __future__ import annotations

from tfgraph_lint.analysis.code_reach import FIXTURE, IMPORTED_FUNCTION
from tfgraph_lint.analysis.project_tracing import classes_reach
from tfgraph_lint.cli.view_fixtures import conftest_fixture


def reached_classes(graph, store, texts, reached: list[tuple[str, list]], bases_of) -> set[tuple[str, str]] | None:
    """The ``(file, class)`` pairs the references ``reached`` (``(file, reference)`` each) lead
    to; None when they may lead to any. ``bases_of(file)``: the bases its classes name, from the
    view's record of it (analysis/file_record's ``bases``)."""
    bases, subclasses = _bases(graph, texts, bases_of)
    found: set[tuple[str, str]] = set()
    queue = list(reached)
    fixtures: set[tuple[str, str]] = set()  # (file, fixture name) looked up
    while queue:
        real, reference = queue.pop()
        base, attribute = reference[1], reference[2]
        if reference[4:5] == [IMPORTED_FUNCTION]:
            function = graph.resolve_reference(real, base, attribute)
            if function is not None and "." not in function[1]:
                continue  # a function of the project: its own file shows what it traces
            if len(reference) < 6 or reference[5] is None:
                return None  # another library's (``from keras.saving import save_model``), or a class
            queue.extend((real, each) for each in reference[5])  # what the call is made of
            continue
        if reference[4:] == [FIXTURE]:
            if (real, base) not in fixtures:
                fixtures.add((real, base))
                given = conftest_fixture(graph, store, texts, real, base)
                if given is None:
                    return None
                queue.extend(given)
            continue
        target = graph.resolve_reference(real, base, attribute, classes=True)
        if target is None and attribute is not None:  # ``Cls.CONSTANT``, ``Cls.make(...)``: the class's code
            target = graph.resolve_reference(real, base, None, classes=True)
        if target is None:
            if len(reference) > 4 or _project_code(graph, real, base, attribute):
                return None
            continue  # another library's: reaches the project only through what it is given, followed here
        if target in found:
            continue
        found.add(target)
        if target[0] not in texts.digests:
            return None
        reach = store.get_or_compute(target[0], "classes reach", lambda real: classes_reach(texts[real]))
        if not reach or reach.get(target[1]) is None:
            return None
        queue.extend((target[0], each) for each in reach[target[1]])
        for file, cls in [*bases.get(target, ()), *subclasses.get(target, ())]:
            queue.append((file, [None, cls, None, 0]))
    return found


def _bases(graph, texts, bases_of) -> tuple[dict, dict]:
    """Per class of the project, its bases of the project, and the classes naming it as a base."""
    bases: dict[tuple[str, str], set[tuple[str, str]]] = {}
    subclasses: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for real in sorted(texts.digests):
        for cls, base, attribute in bases_of(real):
            target = graph.resolve_reference(real, base, attribute, classes=True)
            if target is not None:
                bases.setdefault((real, cls), set()).add(target)
                subclasses.setdefault(target, set()).add((real, cls))
    return bases, subclasses


def _project_code(graph, real: str, base: str, attribute: str | None) -> bool:
    """``base[.attribute]``, named in ``real`` and no class of the project, is code of the
    project: a function or a module's value, through an import."""
    imported = graph.imports.get(real, {}).get(base)
    if imported is None:
        return False  # a class of the file itself, or an instance of one made there
    module, level, name = imported
    candidates = [module] if name is None else [module, f"{module}.{name}" if module else name]
    return any((candidate or level) and graph.resolve_module(real, candidate or "", level) is not None
               for candidate in candidates)
