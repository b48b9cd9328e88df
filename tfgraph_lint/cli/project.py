"""The project view for ``check``: what other files of the project say about the linted ones.

Before linting, the linted paths are grouped by project (``project_graph.project_roots``: the
nearest folder above each holding a project marker, so a monorepo's packages are projects of their
own), and each project is viewed on its own. Every Python file in it gives its imports
(``module_edges.imports_only``, a pattern); the files that import a linted file, directly or
not, give what their graph code calls or hands on
(``engine.graph_outgoing``: the graph-code index, on worker processes when there are many); and
the files the search then reaches give their calls (``module_edges.summary``). What was computed
from a file's text is kept in one cache file per project, so a warm run reads one file. The
result is the configuration with ``imported_seeds`` set (per linted file, the top-level functions
and ``Class.method`` that graph code elsewhere reaches) and ``imported_tf_functions`` (the names
it imports that are tf.functions of other files). Linting one changed file (pre-commit) so still
knows that ``train.py`` maps ``data.augment``.

A project too large to summarise (over ``MAX_PROJECT_FILES``) is linted a file at a time, with
a warning; so are files with no project (no marker above them, and nothing in common below the
home folder). Only files that import a linted file, directly or not, get the graph-code index:
the others cannot reach into it, and the import scan of the rest costs ~0.2 s per 500 files.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import re
import tempfile

from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import is_skipped_dir
from tfgraph_lint.core.source import UnreadableSource, read_source

MAX_PROJECT_FILES = 5000


def with_project_seeds(files: list[str], config: Config, is_excluded, cache: ResultCache | None,
                       warn=None, jobs: int | None = None, linted: dict | None = None) -> Config:
    """``config`` with the seeds their projects give ``files`` (unchanged when there are none).
    Files of different projects (a monorepo's packages, each with its own ``pyproject.toml``)
    each get their own project's view.

    With ``linted`` (a dict), the linted files whose graph-code index the view needs are linted
    on the way, with ``config`` as it comes in, and their findings put there by path: they are
    final for each file the view gives nothing (no seeds, no imported tf.functions), so the
    caller lints only the others again instead of parsing and indexing every file twice."""
    from tfgraph_lint.analysis.project_graph import project_roots

    python_files = [f for f in files if f.endswith(".py")]
    seeds: dict[str, dict[str, str]] = {}
    tf_functions: dict[str, dict[str, tuple]] = {}
    passed: dict[str, dict[str, list]] = {}
    aliases: dict[str, dict[str, str]] = {}
    for root, group in sorted(project_roots(python_files).items(), key=lambda item: item[0] or ""):
        if root is not None:
            found_seeds, found_functions, found_arguments, found_aliases = _project_seeds(
                root, group, config, is_excluded, cache, warn, jobs, linted)
            seeds.update(found_seeds)
            tf_functions.update(found_functions)
            passed.update(found_arguments)
            aliases.update(found_aliases)
    if not seeds and not tf_functions and not aliases:
        return config
    packed = tuple(sorted((file, tuple(sorted(found.items()))) for file, found in seeds.items()))
    imported = tuple((file, tuple((name, *found[name]) for name in sorted(found)))
                     for file, found in sorted(tf_functions.items()))
    arguments = tuple((file, tuple((name, _frozen(found[name])) for name in sorted(found)))
                      for file, found in sorted(passed.items()))
    return dataclasses.replace(config, imported_seeds=packed, imported_tf_functions=imported,
                               imported_arguments=arguments, imported_aliases=_packed_aliases(aliases))


def _packed_aliases(aliases: dict[str, dict[str, str]]) -> tuple:
    return tuple((file, tuple(sorted(found.items()))) for file, found in sorted(aliases.items()))


def _frozen(value):
    """JSON lists (from the project cache) as tuples, so the configuration stays hashable."""
    return tuple(_frozen(item) for item in value) if isinstance(value, list) else value


def _project_seeds(root: str, python_files: list[str], config: Config, is_excluded, cache: ResultCache | None,
                   warn, jobs: int | None,
                   linted: dict | None = None) -> tuple[dict, dict, dict, dict]:
    """Per linted file of the project at ``root``: the functions other files of it reach, the
    names it imports that are tf.functions of other files (with parameters and where defined),
    what other files' graph code passes to the functions it only calls, and the TensorFlow or
    Keras it imports from the project's own modules (analysis/reexports)."""
    from tfgraph_lint.analysis import module_edges
    from tfgraph_lint.analysis.project_graph import ProjectGraph

    walked = _project_files(root)
    if walked is None:
        if warn is not None:
            warn(f"{root} holds over {MAX_PROJECT_FILES} Python files: graph code is followed within "
                 "each file only")
        return {}, {}, {}, {}
    project = [f for f in walked if not is_excluded(f)]
    project += python_files  # a linted file is part of the view even where excluded or outside
    texts, imports = _read_imports(root, project)
    linted_reals = {os.path.realpath(p) for p in python_files}
    store = _Store(cache, root, texts)
    graph = ProjectGraph(root, imports, lambda real: store.get_or_compute(real, "edges", module_edges.summary),
                         lambda real: _TF_FUNCTION_DECORATOR.search(texts.get(real, "")) is not None)
    # Only files that import a linted file (directly or not) can reach into it: the graph-code
    # index, the costly part, runs on those alone (on worker processes when there are many).
    needed = sorted(graph.importers(linted_reals))
    aliases = _aliases(graph, store, texts, sorted(set(needed) | linted_reals))
    plain = dataclasses.replace(config, imported_seeds=(), imported_tf_functions=(), imported_arguments=(),
                                imported_aliases=_packed_aliases(aliases))
    # What a file's graph code reaches depends on its text and on what its imports are.
    kinds = {real: "outgoing" + (json.dumps(sorted(aliases[real].items())) if real in aliases else "")
             for real in needed}
    missing = [real for real in needed if store.get(real, kinds[real]) is None]
    shown = {} if linted is None else {os.path.realpath(p): p for p in python_files}
    for real, (found, findings) in _outgoing_of(missing, texts, plain, jobs, shown):
        store.put(real, kinds[real], found)
        if findings is not None:
            linted[shown[real]] = findings
    graph.outgoing = {real: store.get(real, kinds[real]) or [] for real in needed}
    seeds = graph.seeds()
    tf_functions = {real: _called_in(texts.get(real, ""), graph.imported_tf_functions(real))
                    for real in sorted(linted_reals)}
    store.save()
    return ({real: found for real, found in seeds.items() if real in linted_reals},
            {real: found for real, found in tf_functions.items() if found},
            {real: found for real, found in graph.seed_arguments().items() if real in linted_reals},
            {real: found for real, found in aliases.items() if real in linted_reals})


def _aliases(graph, store: _Store, texts: dict[str, str], files: list[str]) -> dict[str, dict[str, str]]:
    """Per file of ``files`` that imports TensorFlow or Keras from a module of the project: the
    dotted names its imports spell -> what they are (analysis/reexports)."""
    from tfgraph_lint.analysis import module_edges
    from tfgraph_lint.analysis.reexports import project_aliases

    @functools.cache  # the same (module, name) pairs recur across importers
    def might_export(real: str, name: str | None) -> bool:
        text = texts.get(real, "")
        if name is None:
            return _STAR_IMPORT.search(text) is not None
        return name in graph.imports.get(real, {}) or re.search(
            rf"^[ \t]*{re.escape(name)}[ \t]*=", text, re.MULTILINE) is not None

    def exports(real: str) -> dict:
        return store.get_or_compute(real, "exports", module_edges.exports)

    found = {real: project_aliases(graph, real, exports, might_export) for real in files}
    return {real: entries for real, entries in found.items() if entries}


# A decorator line naming ``function`` (``@tf.function``, ``@function(...)``): a file without one
# defines no tf.function the project view lists (module_edges counts decorated defs only).
_TF_FUNCTION_DECORATOR = re.compile(r"^[ \t]*@[\w.]*\bfunction\b", re.MULTILINE)
_CALLED_NAME = re.compile(r"\b(\w+)\s*\(")
_STAR_IMPORT = re.compile(r"^[ \t]*from[ \t]+[.\w]+[ \t]+import[ \t]*\*", re.MULTILINE)


def _called_in(text: str, tf_functions: dict[str, tuple]) -> dict[str, tuple]:
    """The imported tf.functions whose name the file's text calls somewhere (``step(``): a file
    given an entry is linted again after the project view, so ``import m`` must not hand it every
    tf.function of ``m`` when it calls none of them."""
    if not tf_functions:
        return tf_functions
    called = set(_CALLED_NAME.findall(text))
    return {spelled: entry for spelled, entry in tf_functions.items() if spelled.rpartition(".")[2] in called}


def _read_imports(root: str, files: list[str]) -> tuple[dict[str, str], dict[str, dict]]:
    """Per real path of the readable ``files``: its text, and its imports (a pattern, cheaper
    than a cache look-up)."""
    from tfgraph_lint.analysis import module_edges

    texts: dict[str, str] = {}
    imports: dict[str, dict] = {}
    for path in files:
        # Walked from the root's real path: already real, unless a link inside the project.
        real = path if path.startswith(root) else os.path.realpath(path)
        if real in texts:
            continue
        try:
            texts[real] = read_source(path)
        except UnreadableSource:
            continue
        imports[real] = module_edges.imports_only(texts[real])
    return texts, imports


def import_graph(root: str):
    """The project at ``root`` as its files' imports alone (a ``ProjectGraph`` that is asked
    nothing else); None for a project too large to view (over ``MAX_PROJECT_FILES``)."""
    from tfgraph_lint.analysis.project_graph import ProjectGraph

    walked = _project_files(root)
    if walked is None:
        return None
    _, imports = _read_imports(root, walked)
    return ProjectGraph(root, imports, lambda _file: {})


def imported_project_files(script: str, graph) -> list[str]:
    """The other files of the project of ``graph`` (:func:`import_graph`) that ``script`` imports,
    directly or through others (real paths, sorted): the helper modules whose code a run of the
    script can execute."""
    real = os.path.realpath(script)
    if real not in graph.imports:
        return []
    found, queue = {real}, [real]
    while queue:
        for target in graph.imported_files(queue.pop()):
            if target not in found:
                found.add(target)
                queue.append(target)
    return sorted(found - {real})


def _project_files(root: str) -> list[str] | None:
    """The project's ``*.py`` files, skipping what ``files`` skips (environments, build output,
    hidden folders); None past ``MAX_PROJECT_FILES`` (the walk stops there)."""
    found: list[str] = []
    seen: set[str] = set()
    for folder, dirnames, filenames in os.walk(root, followlinks=True):
        real = os.path.realpath(folder)
        if real in seen:
            dirnames.clear()
            continue
        seen.add(real)
        dirnames[:] = sorted(d for d in dirnames if not is_skipped_dir(d))
        found += [os.path.join(folder, name) for name in sorted(filenames) if name.endswith(".py")]
        if len(found) > MAX_PROJECT_FILES:
            return None
    return found


class _Store:
    """What was computed from each project file's text, in one cache file per project (and tool,
    and settings): one read for a warm run instead of one per file."""

    def __init__(self, cache: ResultCache | None, root: str, texts: dict[str, str]) -> None:
        self._texts = texts
        self._digests: dict[str, str] = {}
        self._changed = False
        self._entries: dict[str, dict] = {}
        self._path = None
        if cache is not None:
            name = hashlib.sha256(cache.key(root, "project view").encode()).hexdigest()
            self._path = os.path.join(cache.folder, "project", name + ".json")
            try:
                with open(self._path, encoding="utf-8") as handle:
                    self._entries = json.load(handle)
            except (OSError, ValueError):
                self._entries = {}

    def get(self, real: str, kind: str):
        entry = self._entries.get(real)
        return entry.get(kind) if isinstance(entry, dict) and entry.get("digest") == self._digest(real) else None

    def put(self, real: str, kind: str, value) -> None:
        entry = self._entries.get(real)
        if not isinstance(entry, dict) or entry.get("digest") != self._digest(real):
            entry = self._entries[real] = {"digest": self._digest(real)}
        entry[kind] = value
        self._changed = True

    def get_or_compute(self, real: str, kind: str, compute):
        found = self.get(real, kind)
        if found is None:
            found = compute(self._texts[real])
            self.put(real, kind, found)
        return found

    def save(self) -> None:
        if self._path is None or not self._changed:
            return
        live = {real: entry for real, entry in self._entries.items() if real in self._texts}
        _write_json(self._path, live)

    def _digest(self, real: str) -> str:
        if real not in self._digests:
            self._digests[real] = hashlib.sha256(self._texts[real].encode("utf-8", "surrogatepass")).hexdigest()
        return self._digests[real]


def _outgoing_of(files: list[str], texts: dict[str, str], config: Config, jobs: int | None,
                 shown: dict[str, str]):
    """``(file, (graph_outgoing(...), findings or None))`` for each file: on worker processes when
    there are many. A file in ``shown`` (real path -> the path it is linted as) is linted too."""
    from tfgraph_lint.cli import runner

    arguments = [(texts[f], f, shown.get(f), config) for f in files]
    workers = min(jobs or runner.default_jobs(), len(files))
    if workers > 1 and len(files) >= runner.MIN_FILES_FOR_WORKERS:
        try:
            yield from runner.map_in_workers(_outgoing_and_findings, arguments, files, workers)
            return
        except Exception:  # noqa: BLE001 - a worker that died: compute here instead
            pass
    for file, found in zip(files, arguments):
        yield file, _outgoing_and_findings(*found)


def _outgoing_and_findings(text: str, real: str, shown: str | None, config: Config):
    """What the file's graph code reaches in other files, and, for a linted file (``shown``, the
    path its findings carry), its findings, from one parse and one index. Findings None when the
    file is not linted here (or linting it failed: the lint run does it again and reports why)."""
    from tfgraph_lint.engine import graph_outgoing, lint_source

    if shown is None:
        return graph_outgoing(text, real, config), None
    outgoing: list = []
    try:
        return outgoing, lint_source(text, shown, config, outgoing=outgoing)
    except Exception:  # noqa: BLE001 - the lint run reports it
        return graph_outgoing(text, real, config), None


def _write_json(entry: str, data) -> None:
    temporary = None
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(entry), prefix=".tmp-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(temporary, entry)
    except (OSError, TypeError, ValueError):
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)  # a cache that cannot be written only costs speed
