"""Keras classes other files subclass: what the subclasses' instances show is shown of the base.

An instance of a subclass is an instance of its base: where the code runs ``VideoPanopticQuality``
instances (an evaluator calling ``update_state`` on eager tensors) is where the methods they
inherit from ``PanopticQuality`` run. Each file's instance rows (keras_run_evidence) say of a class
it names without calling it, as in ``class VideoPanopticQuality(PanopticQuality):``, that it is
handed on (what comes of a name is not followed), which keeps the base's methods graph code
whatever its subclasses' instances show. The project view knows the subclass statements
(analysis/project_classes) and what the subclasses' instances earn, so it replaces that marker.
"""

from __future__ import annotations

from tfgraph_lint.analysis.instance_screen import ANNOTATION_ROW_MARKER, HANDED_ROW_MARKER as HANDED_MARKER


def dispatched_seed(how: str) -> bool:
    """``how`` (an imported seed's) says a Keras base's traced method calls it through ``self.``
    (project_classes.DISPATCHED)."""
    return how.startswith(DISPATCHED)


# How the project view's dispatched seeds begin (project_classes.ProjectClasses.dispatched).
DISPATCHED = "called as 'self."


def subclass_markers(seeds: dict[str, dict[str, str]], graph, subclasses: list) -> dict:
    """An instance of a subclass is an instance of its base: where the code runs the subclass's
    instances is where the base's methods run. So a class ``B`` that other files name only in
    ``class C(B):`` statements (each an instance row "handed on" for ``B``: what comes of a name
    is not followed) gets, instead of that marker, the markers ``C``'s instances earn
    (``C.<made, run eagerly>`` ...), when every such ``C`` has some and no graph code of another
    file reaches a method of ``C``. Otherwise ``B`` keeps "handed on": not shown."""
    by_base: dict[tuple[str, str], list[tuple[str, str, int]]] = {}
    for (file, cls, line), base in subclasses:
        by_base.setdefault(base, []).append((file, cls, line))
    reached = {real for real, found in graph.seeds().items()
               if any(not name.rpartition(".")[2].startswith("<") for name in found)}
    rows = _rows_naming(graph, set(by_base))
    merged = dict(seeds)
    for (base_file, base), subs in sorted(by_base.items()):
        handed = f"{base}.{HANDED_MARKER}"
        if handed not in merged.get(base_file, {}):
            continue
        statements = {(file, line) for file, _cls, line in subs}
        named = rows.get((base_file, base), [])
        # Every row handing the base on is a class statement of a subclass; a file whose rows the
        # view reads as handed on (graph code elsewhere reaches it) hands it on whatever its rows say.
        if any(file in reached or (marker in (HANDED_MARKER, ANNOTATION_ROW_MARKER) and (file, line) not in statements)
               for file, marker, line in named):
            continue
        earned: dict[str, str] = {}
        for file, cls, _line in subs:
            told = {name.partition(".")[2]: how for name, how in merged.get(file, {}).items()
                    if name.startswith(f"{cls}.") and not dispatched_seed(how)}
            if not told or any(not name.startswith("<") for name in told):
                break  # made nowhere shown, or reached from graph code: not shown
            for marker, how in told.items():
                earned.setdefault(marker, f"{how} (an instance of {cls}, a subclass)")
        else:
            found = {name: how for name, how in merged[base_file].items() if name != handed}
            for marker, how in earned.items():
                found.setdefault(f"{base}.{marker}", how)
            merged[base_file] = found
    return merged


def _rows_naming(graph, classes: set[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[str, str, int]]]:
    """Per class of ``classes``, the marker rows of other files' outgoing that name it: (file,
    marker, line)."""
    found: dict[tuple[str, str], list[tuple[str, str, int]]] = {}
    for file, rows in graph.outgoing.items():
        for row in rows:
            if len(row) < 4 or not isinstance(row[2], str) or not row[2].startswith("<"):
                continue
            target = graph.resolve_reference(file, row[0], row[1], classes=True)
            if target in classes:
                found.setdefault(target, []).append((file, row[2], row[3]))
    return found
