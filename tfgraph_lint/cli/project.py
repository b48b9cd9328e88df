"""The project view for ``check``: what other files of the project say about the linted ones.

Before linting, the linted paths are grouped by project, each path's from the path alone
(``project_graph.project_roots``: the nearest folder above it holding a project marker, so a
monorepo's packages are projects of their own; without one, the folder its package is imported
from), and each project is viewed on its own. Every Python file in it gives its imports
(``module_edges.imports_only``, a pattern); the files that import a linted file, directly or
not, give what their graph code calls or hands on (``engine.graph_outgoing``: the graph-code
index, on worker processes when there are many); and the files the search then reaches give
their calls (``module_edges.summary``). The result is the configuration with ``imported_seeds``
set (per linted file, the top-level functions and ``Class.method`` that graph code elsewhere
reaches) and ``imported_tf_functions`` (the names it imports that are tf.functions of other
files), ``imported_arguments``, ``imported_aliases``, ``imported_loop_calls`` (view_loops) and
``imported_definitions`` (definitions of other files: analysis/project_classes, and what other
files pass when they make its classes: analysis/class_constructions); in a
project none of whose files traces, the seeds also name the Keras classes its programs make
(view_eager, which reads the excluded files and notebooks too). Linting one changed file (pre-commit)
so still knows that ``train.py`` maps ``data.augment``.

Kept between runs (``project_store``): what was computed from each file's text, by the digest of
that text, which ``file_digests`` takes from the file's stat while it is unchanged; and the
result per set of linted files. A run where nothing changed reads no source and resolves no
import; one where a file changed reads and derives again that file alone, then follows the
project's imports again from what is kept.

A project too large to summarise (over ``MAX_PROJECT_FILES``) is linted a file at a time, with
a warning; so are files with no project (no marker above them, and the folder their package is
imported from the file system's root or the home folder). Only files that import a linted file,
directly or not, get the graph-code index: the others cannot reach into it.
"""

from __future__ import annotations

import copy
import functools
import json
import os

from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.cli.file_digests import FileDigests
from tfgraph_lint.cli.project_store import ProjectStore, files_key, state_key
from tfgraph_lint.cli.view_loops import loop_calls_into, wanted
from tfgraph_lint.cli.view_texts import ViewTexts, readable_texts
from tfgraph_lint.analysis.instance_screen import makes_told_classes
from tfgraph_lint.cli import view_facts
from tfgraph_lint.cli.view_eager import eager_seeds
from tfgraph_lint.cli.view_instance_targets import instance_files
from tfgraph_lint.cli.view_instances import instance_seeds
from tfgraph_lint.cli.view_unjudged import unjudged_seeds, with_unjudged
from tfgraph_lint.cli.view_unmade import package_state, unmade_seeds
from tfgraph_lint.core import records
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import is_skipped_dir
from tfgraph_lint.core.real_paths import real_dir, real_path

MAX_PROJECT_FILES = 5000


def with_project_seeds(files: list[str], config: Config, is_excluded, cache: ResultCache | None,
                       warn=None, jobs: int | None = None, linted: dict | None = None) -> Config:
    """``config`` with the seeds their projects give ``files`` (unchanged when there are none).
    Files of different projects (a monorepo's packages, each with its own ``pyproject.toml``)
    each get their own project's view.

    With ``linted`` (a dict), the linted files whose graph-code index the view needs are linted
    on the way, each with what the view gives it once every file importing it is indexed
    (cli/view_order), and their findings put there by path, with the digest of the text they
    come from (``(digest, findings)``): final, so the caller lints only the other files. (A file
    in an import cycle is linted on the way with ``config`` as it comes in, and put there only if
    the view gives it nothing: no seeds, no imported tf.functions.)"""
    from tfgraph_lint.analysis.project_graph import project_roots

    python_files = [f for f in files if f.endswith(".py")]
    seeds: dict[str, dict[str, str]] = {}
    tf_functions: dict[str, dict[str, tuple]] = {}
    passed: dict[str, dict[str, list]] = {}
    aliases: dict[str, dict[str, str]] = {}
    loops: dict[str, dict[str, str]] = {}  # view_loops
    keras_bases: dict[str, dict[str, str]] = {}  # analysis/project_classes
    for root, group in sorted(project_roots(python_files).items(), key=lambda item: item[0] or ""):
        if root is not None:
            found_seeds, found_functions, found_arguments, found_aliases, found_loops, found_bases = _project_seeds(
                root, group, config, is_excluded, cache, warn, jobs, linted)
            seeds.update(found_seeds)
            tf_functions.update(found_functions)
            passed.update(found_arguments)
            aliases.update(found_aliases)
            loops.update(found_loops)
            keras_bases.update(found_bases)
    if not seeds and not tf_functions and not aliases and not loops and not keras_bases:
        return config
    return _with_view(config, seeds, tf_functions, passed, aliases, loops, keras_bases)


def _with_view(config: Config, seeds: dict, tf_functions: dict, passed: dict, aliases: dict, loops=None, keras_bases=None) -> Config:
    """``config`` with the view's entries, per real path of a linted file."""
    packed = tuple(sorted((file, tuple(sorted(found.items()))) for file, found in seeds.items()))
    imported = tuple((file, tuple((name, *found[name]) for name in sorted(found)))
                     for file, found in sorted(tf_functions.items()))
    arguments = tuple((file, tuple((name, _frozen(found[name])) for name in sorted(found)))
                      for file, found in sorted(passed.items()))
    return records.replace(config, imported_seeds=packed, imported_tf_functions=imported,
                           imported_arguments=arguments, imported_aliases=_packed_aliases(aliases),
                           imported_loop_calls=_packed_aliases(loops or {}),
                           imported_definitions=_packed_aliases(keras_bases or {}))


def _packed_aliases(aliases: dict[str, dict[str, str]]) -> tuple:
    return tuple((file, tuple(sorted(found.items()))) for file, found in sorted(aliases.items()))


def _frozen(value):
    """JSON lists (from the project cache) as tuples, so the configuration stays hashable."""
    return tuple(_frozen(item) for item in value) if isinstance(value, list) else value


def _project_seeds(root: str, python_files: list[str], config: Config, is_excluded, cache: ResultCache | None,
                   warn, jobs: int | None, linted: dict | None = None) -> tuple[dict, dict, dict, dict, dict, dict]:
    """Per linted file of the project at ``root``: the functions other files of it reach, the
    names it imports that are tf.functions of other files (with parameters and where defined),
    what other files' graph code passes to the functions it only calls, the TensorFlow or Keras
    it imports from the project's own modules (analysis/reexports), view_loops' calls, and the
    bases of its classes that are Keras classes of other files (analysis/project_classes)."""
    found_notebooks: list[str] = []
    walked = project_files(root, found_notebooks)
    if walked is None:
        if warn is not None:
            warn(f"{root} holds over {MAX_PROJECT_FILES} Python files: graph code is followed within "
                 "each file only")
        return {}, {}, {}, {}, {}, {}
    project = [f for f in walked if not is_excluded(f)]
    project += python_files  # a linted file is part of the view even where excluded or outside
    digests = cache.digests if cache is not None else FileDigests(None)
    texts = readable_texts(root, project, digests)
    linted_reals = {real_path(p) for p in python_files}
    # The project's other files (view_eager asks if they trace): part of the state kept views follow.
    others = sorted({real_path(f) for f in [*walked, *found_notebooks]} - set(texts.digests))
    digests_of_others = {real: digests.digest(real) or "-" for real in others} if cache is not None else {}
    store = ProjectStore(None if cache is None else cache.folder,
                         files_key([cache.key_of_digest(root, "project view")]) if cache is not None else "", texts.digests)
    remembered = state = linted_key = None
    if cache is not None:  # (a store kept nowhere recalls nothing)
        state, linted_key = state_key({**texts.digests, **digests_of_others, **package_state(root)}), files_key(linted_reals) + ("+loops" if wanted(config) else "")
        remembered = store.recall(state, linted_key)
    remembered = remembered if isinstance(remembered, list) and len(remembered) == 6 else None  # older: fewer parts
    if remembered is None:
        try:
            found = _derive(root, texts, store, linted_reals, python_files, config, jobs, linted, cache is None,
                            (others, digests.text))
        finally:
            digests.forget_texts()
        store.save()
        store.remember(state, linted_key, found)
        return found
    digests.forget_texts()
    seeds, tf_functions, arguments, aliases, loops, keras_bases = remembered
    return (seeds, {real: {name: (tuple(parameters), where) for name, (parameters, where) in found.items()}
                    for real, found in tf_functions.items()}, arguments, aliases, loops, keras_bases)


def _derive(root: str, texts: ViewTexts, store: ProjectStore, linted_reals: set[str], python_files: list[str],
            config: Config, jobs: int | None, linted: dict | None,
            uncached: bool = False, others_read: tuple = ((), None)) -> tuple[dict, dict, dict, dict, dict, dict]:
    """The view from the files' cached parts, deriving again those of the files that changed.
    ``uncached``: no linted file's findings are in a cache (see ``others`` below); ``others_read``:
    the project's files outside ``texts`` and how to read them (view_eager)."""
    from tfgraph_lint.analysis import module_edges
    from tfgraph_lint.analysis.class_constructions import constructions_view
    from tfgraph_lint.analysis.file_record import RECORD
    from tfgraph_lint.analysis.project_classes import keras_view, with_dispatch
    from tfgraph_lint.analysis.project_first_calls import with_first_calls
    from tfgraph_lint.analysis.project_graph import ProjectGraph
    from tfgraph_lint.analysis.screen import may_define_keras_methods
    from tfgraph_lint.analysis.unloadable_modules import UNLOADABLE_SEED, unloadable_modules
    from tfgraph_lint.cli.view_records import may_name_definitions, read_record, records_ahead

    facts = {real: store.get_or_compute(real, "facts", lambda real: view_facts.text_facts(texts[real])) for real in texts.digests}
    imports = {real: found["imports"] for real, found in facts.items()}
    definitions: dict[str, dict] = {}  # file -> its functions' nodes, parsed this run

    def record(real: str) -> dict:  # its outline, exports and definitions, from one parse
        if (found := store.get(real, RECORD)) is None:
            found, definitions[real] = read_record(texts[real], imports.get(real))
            store.put(real, RECORD, found)
        return found

    def references(real: str, function: str) -> list:
        if real not in definitions:
            definitions[real] = module_edges.outline(texts[real])[1]  # (the record came from the store)
        node = definitions[real].get(function)
        found = module_edges.references(node) if node is not None else []
        store.changed()  # the outline the store holds now has them
        return found

    graph = ProjectGraph(root, imports, lambda real: record(real)["outline"],
                         lambda real: facts[real]["decorated"] if real in facts else False, references,
                         lambda real: record(real)["exports"]["mirrors"] if facts.get(real, {}).get("star") else [])
    eager = eager_seeds(graph, store, texts, *others_read, config, lambda real: record(real)["bases"])
    named_unjudged = unjudged_seeds(store, texts, *others_read)
    unjudged = with_unjudged(named_unjudged, unmade_seeds(graph, store, texts, *others_read))
    unjudged = with_unjudged(unjudged, {real: {UNLOADABLE_SEED: why} for real, why in unloadable_modules(
        imports, lambda real: texts.get(real), graph.resolve_module, graph.root).items()})
    layout = "" if uncached else files_key(imports)  # (kept nowhere without the cache: never compared)
    for real in imports:
        known = store.get(real, "targets")
        if isinstance(known, list) and len(known) == 2 and known[0] == layout:
            graph.targets[real] = set(known[1])
    # Only files that import a linted file (directly or not) can reach into it: the graph-code
    # index, the costly part, runs on those alone (on worker processes when there are many).
    needed = sorted(graph.importers(linted_reals))
    for real, targets in graph.targets.items():
        if store.get(real, "targets") != [layout, sorted(targets)]:
            store.put(real, "targets", [layout, sorted(targets)])
    records_ahead(graph, store, texts, sorted(set(needed) | linted_reals), jobs)  # (on workers, when many)
    aliases = view_facts.aliases(graph, store, texts, facts, sorted(set(needed) | linted_reals), lambda r: record(r)["exports"])
    loops = loop_calls_into(graph, store, texts, needed, linted_reals) if wanted(config) else {}
    keras_bases, dispatched = keras_view(graph, store, texts, set(needed) | linted_reals, linted_reals, lambda real: record(
        real)["definitions"], functools.partial(may_name_definitions, graph, store, texts))
    # What other files pass when they make the classes (analysis/class_constructions).
    # (A linted file the view could not read has no record.)
    for real, found in constructions_view(graph, {real for real in set(needed) | linted_reals if real in texts.digests},
                                          lambda real: record(real).get("constructions"), named_unjudged).items():
        keras_bases[real] = {**keras_bases.get(real, {}), **found}
    plain = records.replace(config, imported_seeds=(), imported_tf_functions=(), imported_arguments=(),
                            imported_aliases=_packed_aliases(aliases), imported_definitions=_packed_aliases(keras_bases))
    # Only references through an import that can lead to a project file can reach into one:
    # what the others' calls pass (costly to find) is not asked.
    bases = {}
    if needed:  # files that import a linted file (none in a folder of the linted file alone)
        from tfgraph_lint.cli.view_bases import project_bases  # deferred: only such files need it

        bases = {real: project_bases(graph, real) for real in needed}
    # A file with no graph code is asked what it does with the instances it makes only where
    # that can weigh a finding (view_instance_targets).
    instances = instance_files(graph, bases, lambda real: real in texts.digests and store.get_or_compute(
        real, "keras methods", lambda real: may_define_keras_methods(texts[real], config)))
    # (and each file told it makes a Keras class whose name the capital-letter screens miss)
    instances |= {real for real in needed if makes_told_classes(keras_bases.get(real, {}))}
    # What a file's graph code reaches depends on its text and on what its imports are.
    kinds = {real: "outgoing" + (json.dumps(sorted(aliases[real].items())) if real in aliases else "")
             + json.dumps(sorted(bases[real])) + json.dumps(sorted(keras_bases.get(real, {}).items()))
             + ("" if real in instances else "-instances") for real in needed}
    missing = [real for real in needed if store.get(real, kinds[real]) is None]
    shown = {} if linted is None else {real_path(p): p for p in python_files}
    tf_functions: dict[str, dict] = {}

    def tf_functions_of(real: str) -> dict:
        # From the files' texts and imports alone.
        if real not in tf_functions:
            tf_functions[real] = view_facts.called_in(real, store, texts, graph.imported_tf_functions(real))
        return tf_functions[real]

    known = {real: store.get(real, kinds[real]) or [] for real in needed if real not in missing}
    linted_aliases = {real: found for real, found in aliases.items() if real in linted_reals}

    def given(real: str, seeds: dict, passed: dict) -> Config | None:
        # The file's configuration with what the view gives it; None when it gives nothing.
        found, functions = seeds.get(real), tf_functions_of(real)
        if not found and not functions and real not in loops and real not in keras_bases:
            return None
        return _with_view(config, {real: found} if found else {}, {real: functions} if functions else {},
                          {real: passed[real]} if real in passed else {}, linted_aliases,
                          {real: loops[real]} if real in loops else {}, {real: keras_bases[real]} if real in keras_bases else {})

    def configured(files: list[str]) -> dict[str, Config | None]:
        # What the view gives each of ``files`` from the graph code known so far: all it will give
        # once every file importing them is known (view_order); checked below. Only graph code of
        # the files importing them, directly or not, can reach into them, and only through those
        # files: the reach is followed over those files' rows alone, which gives ``files`` what
        # following every known file's would, at a fraction of the cost for most batches.
        relevant = graph.importers(set(files)) | set(files)
        view = copy.copy(graph)  # (shares the graph's resolutions and summaries; its own reach)
        view.set_outgoing({real: rows for real, rows in known.items() if real in relevant})
        seeds = with_dispatch(instance_seeds(view, eager, unjudged), dispatched.on(view))
        passed = with_first_calls(view, view.seed_arguments())  # analysis/first_calls
        return {real: given(real, seeds, passed) for real in files}

    found_findings, used = {}, {}
    # With no cache to find them in, the linted files the view does not index are linted in the
    # same pass, each once the files importing it are done: they keep the workers busy while
    # others wait, instead of a pass of their own after it.
    others = sorted(set(shown) - set(needed)) if uncached and missing else []
    if missing:  # (a lone file, or nothing changed that the view indexes: no pass to import)
        from tfgraph_lint.cli.view_pass import ViewPass

        todo = missing + others
        view = ViewPass(todo, texts, plain, {real: shown[real] for real in todo if real in shown}, bases, configured,
                        needed + others, graph.imported_files, instances, lambda real: (store.get(real, RECORD) or {}).get("parses", False))
        for real, (found, findings) in view.run(jobs):
            if real in kinds:  # (not one of ``others``)
                store.put(real, kinds[real], found)
                known[real] = found
            if findings is not None:
                found_findings[real] = findings
        used = view.used
    for real in sorted(linted_reals):
        tf_functions_of(real)
    final = {real: store.get(real, kinds[real]) or [] for real in needed}
    graph.set_outgoing(final)
    seeds = with_dispatch(instance_seeds(graph, eager, unjudged), dispatched)
    passed = with_first_calls(graph, graph.seed_arguments())
    for real, findings in found_findings.items():
        # Final when linted with all the view gives the file (a file in an import cycle, linted
        # before some of its importers, may have been given less: linted again by the caller).
        if _entries(used.get(real)) == _entries(given(real, seeds, passed)):
            linted[shown[real]] = (texts.digests[real], findings)
    return ({real: found for real, found in seeds.items() if real in linted_reals},
            {real: found for real, found in tf_functions.items() if found and real in linted_reals},
            {real: found for real, found in passed.items() if real in linted_reals},
            linted_aliases, loops, {real: found for real, found in keras_bases.items() if real in linted_reals})


def _entries(config: Config | None) -> tuple:
    """What the view gives the file ``config`` is for (the file's own entries only)."""
    return () if config is None else (config.imported_seeds, config.imported_tf_functions,
                                      config.imported_arguments, config.imported_loop_calls, config.imported_definitions)


def project_files(root: str, found_notebooks: list[str] | None = None) -> list[str] | None:
    """The project's ``*.py`` files, skipping what ``files`` skips (environments, build output,
    hidden folders); None past ``MAX_PROJECT_FILES`` (the walk stops there). Its notebooks are
    added to ``found_notebooks`` when given."""
    found: list[str] = []
    seen: set[str] = set()
    for folder, dirnames, filenames in os.walk(root, followlinks=True):
        real = real_dir(folder)
        if real in seen:
            dirnames.clear()
            continue
        seen.add(real)
        dirnames[:] = sorted(d for d in dirnames if not is_skipped_dir(d))
        found += [os.path.join(folder, name) for name in sorted(filenames) if name.endswith(".py")]
        if found_notebooks is not None:
            found_notebooks += [os.path.join(folder, name) for name in sorted(filenames) if name.endswith(".ipynb")]
        if len(found) > MAX_PROJECT_FILES:
            return None
    return found
