"""The project view's evidence that a project runs its Keras classes only eagerly.

A research repository often defines layers and models in a package, builds the model in a
plain script (``model = Net(...)``, ``outputs = model(x)`` on an eager tensor) and never compiles,
fits, saves or wraps anything in a tf.function. Keras then runs every ``call`` as Python, on each
call: a ``print`` prints each time, ``range(tf.shape(x)[0])`` gets a number. The layer's own module
shows none of this (a library module has no script of its own), so the view says it, as seeds
``Cls.<made, project traces nothing>`` given to the module defining each such class
(``keras_run_evidence`` reads them).

The evidence, all from the project's files (the ``*.py`` files the view walks, those the
configuration excludes, and the notebooks' code cells):

- no file names anything through which TensorFlow may trace (``analysis/project_tracing``:
  ``function`` of any spelling, a Keras loop, ``compile``, ``build``, ``save``, ``Input``, a dataset
  method, TF1 graph mode...); one that cannot be read or parsed counts as tracing;
- the class is made: called in a *program* (a ``*.py`` file no project file imports) outside its
  classes' bodies, or in the body of a class that is made itself (``self.block = Block()`` in a
  model's ``__init__``);
- every other place in the project's files that names the class is a program's own code or the
  body of a class that passes this test too. A library function that makes it
  (``def build_model(): return Net()``), or a library module's top level, hands it to callers the
  project does not show; a class made nowhere that holds or subclasses it is one users may fit,
  and fitting it traces what it holds. Either keeps the class graph code, as a class made
  nowhere is.

A project whose only way of tracing is symbolic Keras inputs whose every use its files show
(``analysis/symbolic_inputs``: ``inputs = tf.keras.Input(...)``, ``self.value(inputs)``) traces only
the classes those inputs are given to, and the classes their bodies name: those stay graph code,
and every other class the evidence covers gets ``Cls.<made, never given a symbolic Input>``.

Other tracing words count only for what they can reach (``analysis/tracing_reach``): a summary
written, a checkpoint saved, a plain class's own ``self.evaluate()`` or a standard-library call
traces nothing, and a function handed to a dataset method traces the classes the code and values
it reaches lead to (``analysis/code_reach``, followed across files by ``cli/view_reach``), which
stay graph code as the classes given symbolic inputs do; one that reaches a project function or
module through an import, a parameter annotated with another library's class, or a value or
class whose reach its file does not show, may trace anything. Such a project's classes get ``Cls.<made, nothing traced reaches it>``.

Nothing in the project traces, so no project code can trace an instance wherever it is handed;
code outside the project is not seen, which is why a class must be made by a program and by
nothing a user of the package could fit.
"""

from __future__ import annotations

import os
import re

from tfgraph_lint.analysis.dynamic_bases import seeds_not_only_dynamic
from tfgraph_lint.analysis.dynamic_declarations import DYNAMIC_CALLER
from tfgraph_lint.analysis.project_tracing import (
    PROJECT_EAGER_SEED, PROJECT_INPUTS_SEED, PROJECT_REACH_SEED, UNCONVERTED_CALLER, class_references, names_tracing, shows_tracing,
    tracing_and_references,
)
from tfgraph_lint.core import notebooks
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.lazy_pattern import LazyPattern

_REFERENCES = "class references"  # the project store's kind for a file's class_references


def eager_seeds(graph, store, texts, others: list[str], read, config: Config, bases_of) -> dict[str, dict[str, str]]:
    """Per project file (real path), ``{"Cls.<made, project traces nothing>": how it is made}``
    for the classes it defines that the evidence above covers; empty when a file may trace.
    ``graph``: the ProjectGraph; ``store``/``texts``: the view's per-file store and texts;
    ``others``: the project's files outside ``texts`` (excluded ``*.py`` files, notebooks), whose
    text ``read(path)`` gives (None: unreadable); ``bases_of(file)``: the bases its classes name
    (cli/view_reach)."""
    wrappers = frozenset(name.rpartition(".")[2] for name in config.function_decorators)
    kind = "tracing reach" + ",".join(sorted(wrappers))
    given: list[tuple[str, list]] = []  # (file, a class its symbolic inputs are given to)
    reached: list[tuple[str, list]] = []  # (file, what its other tracing words reach)
    inputs = discounted = False  # some file makes symbolic inputs / has other tracing words shown to reach only classes
    for real in sorted(texts.digests):
        shown = store.get(real, kind)
        if shown is None:
            # A file parsed to answer this gives its class references from the same parse:
            # asked below of every file once no file's answer is True.
            shown, references = tracing_and_references(texts[real], wrappers)
            store.put(real, kind, shown)
            if references is not None and store.get(real, _REFERENCES) is None:
                store.put(real, _REFERENCES, references)
        if shown is True:
            return {}
        if not shown:
            continue
        file_inputs, file_others, receivers, references = shown
        inputs, discounted = inputs or file_inputs, discounted or file_others
        given.extend((real, receiver) for receiver in receivers)
        reached.extend((real, reference) for reference in references)
    if any(_other_traces(path, read(path), wrappers) for path in others):
        return {}
    imported = set().union(*(graph.imported_files(real) for real in graph.imports))
    programs = {real for real in texts.digests if real not in imported}
    uses: dict[tuple[str, str], list[tuple[str, str | None, int, bool]]] = {}  # class -> where named
    for real in sorted(texts.digests):
        found = store.get_or_compute(real, _REFERENCES, lambda real: class_references(texts[real]))
        for holder, base, attribute, line, called in found or []:
            target = graph.resolve_reference(real, base, attribute, classes=True)
            if target is not None:
                uses.setdefault(target, []).append((real, holder, line, called))
    # Made: called in a program outside its classes, or in the body of a class made itself.
    calls: dict[tuple[str, str | None], list[tuple[tuple[str, str], int]]] = {}  # (file, class) -> made there
    for target, found in sorted(uses.items()):
        for real, holder, line, called in found:
            if called:
                calls.setdefault((real, holder), []).append((target, line))
    made: dict[tuple[str, str], str] = {}
    queue: list[tuple[str, str | None]] = [(real, None) for real in sorted(programs)]
    while queue:
        owner = queue.pop(0)
        for target, line in calls.get(owner, []):
            if target not in made:
                made[target] = (f"held by {owner[1]}, {made[owner]}" if owner[1] is not None
                                else f"made in {os.path.relpath(owner[0], graph.root)}:{line}")
                queue.append(target)
    # Only eager: every other place that names the class is in a program's own code or in the
    # body of a class only eager itself (a library function that makes it hands it on; a class
    # made nowhere that holds or subclasses it is one users may fit).
    traced = set()
    if reached:  # some file's dataset functions, summaries or symbolic inputs reach classes
        from tfgraph_lint.cli.view_reach import reached_classes  # deferred: only such a project needs it

        traced = reached_classes(graph, store, texts, reached, bases_of)
    if traced is None:
        return {}  # what a file traces may reach any class
    eager = set(made) - _given_symbolic_inputs(graph, given, uses) - traced
    while True:
        left = {target for target in eager if all(
            (holder is None and real in programs) or (real, holder) in eager
            for real, holder, _line, _called in uses[target])}
        if left == eager:
            break
        eager = left
    made = {target: how for target, how in made.items() if target in eager}
    seed = PROJECT_REACH_SEED if discounted else PROJECT_INPUTS_SEED if inputs else PROJECT_EAGER_SEED
    found: dict[str, dict[str, str]] = {}
    for (real, cls), how in sorted(made.items()):
        found.setdefault(real, {})[f"{cls}.{seed}"] = how
    return found


def _given_symbolic_inputs(graph, given: list[tuple[str, list]], uses: dict) -> set[tuple[str, str]]:
    """The classes the project's symbolic inputs are given to, which run their ``call`` on them
    once, symbolically, and every class the bodies of those name (held, subclassed: that call may
    run theirs)."""
    named: dict[tuple[str, str | None], set[tuple[str, str]]] = {}  # (file, class) -> classes its body names
    for target, found in uses.items():
        for real, holder, _line, _called in found:
            named.setdefault((real, holder), set()).add(target)
    queue = [graph.resolve_reference(real, base, attribute, classes=True)
             for real, (_holder, base, attribute, _line) in given]
    symbolic: set[tuple[str, str]] = set()
    while queue:
        target = queue.pop()
        if target is not None and target not in symbolic:
            symbolic.add(target)
            queue.extend(named.get(target, ()))
    return symbolic


def _other_traces(path: str, text: str | None, wrappers: frozenset[str]) -> bool:
    if text is None:
        return True
    if not notebooks.is_notebook(path):
        return shows_tracing(text, wrappers)
    try:
        notebook = notebooks.read(text)
    except notebooks.NotebookError:
        return True
    # A cell left out of the code (a syntax error, ``%%writefile``'s input) counts by its words alone.
    return (any(cell.left_out and names_tracing("\n".join(cell.lines), wrappers) for cell in notebook.cells)
            or shows_tracing(notebook.source, wrappers))


# How an outgoing row of the project view says a class's method reaches out (GraphIndex.outgoing),
# marked when that method runs without AutoGraph, or is a dynamic layer's.
_FROM_METHOD = LazyPattern(r"called from '(\w+)\.\w+'(?:" + re.escape(UNCONVERTED_CALLER) + "|"
                          + re.escape(DYNAMIC_CALLER) + ")*")


def view_seeds(graph, eager: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """``graph.seeds()`` with ``eager`` (:func:`eager_seeds`) added, less the seeds of the
    methods of those classes that only the graph code of those classes reaches (``self.block(x)``
    in a model's ``call``): that code runs eagerly, and the methods' own Keras reason, which
    keras_run_evidence judges, is what makes them graph code."""
    seeds = seeds_not_only_dynamic(graph)
    if not eager:
        return seeds
    classes = {(real, name.partition(".")[0]) for real, found in eager.items() for name in found}
    outgoing = graph.outgoing
    graph.set_outgoing({real: [row for row in rows if not _from_class(real, row[4], classes)]
                        for real, rows in outgoing.items()})
    traced = graph.seeds()
    graph.set_outgoing(outgoing)
    found: dict[str, dict[str, str]] = {}
    for real in sorted(set(seeds) | set(eager)):
        kept = {name: how for name, how in seeds.get(real, {}).items()
                if (real, name.partition(".")[0]) not in classes or name in traced.get(real, {})}
        kept.update(eager.get(real, {}))
        found[real] = kept
    return found


def _from_class(real: str, how: str, classes: set[tuple[str, str]]) -> bool:
    matched = _FROM_METHOD.fullmatch(how) if isinstance(how, str) else None
    return matched is not None and (real, matched.group(1)) in classes
