"""The project view for ``check``: what other files of the project say about the linted ones.

Before linting, the project the linted paths belong to is found (``project_graph.find_root``)
and every Python file in it is summarised: its imports and calls (``module_edges``, for every
file) and what its graph code calls or hands on (``engine.graph_outgoing``, for the files the
text screen admits). Summaries are cached by file content next to the findings, so a warm run
reads them. The result is the configuration with ``imported_seeds`` set: per linted file, the
top-level functions graph code elsewhere reaches. Linting one changed file (pre-commit) so
still knows that ``train.py`` maps ``data.augment``.

A project too large to summarise (over ``MAX_PROJECT_FILES``) is linted a file at a time, with
a warning; so are files with no project (no marker above them, and nothing in common below the
home folder). Only files that import a linted file, directly or not, get the graph-code index:
the others cannot reach into it, and the import scan of the rest costs ~0.2 s per 500 files.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile

from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import is_skipped_dir
from tfgraph_lint.core.source import UnreadableSource, read_source

MAX_PROJECT_FILES = 5000


def with_project_seeds(files: list[str], config: Config, is_excluded, cache: ResultCache | None,
                       warn=None) -> Config:
    """``config`` with the seeds the project gives ``files`` (unchanged when there are none)."""
    from tfgraph_lint.analysis import module_edges
    from tfgraph_lint.analysis.project_graph import ProjectGraph, find_root
    from tfgraph_lint.engine import graph_outgoing

    python_files = [f for f in files if f.endswith(".py")]
    if not python_files:
        return config
    root = find_root(python_files)
    if root is None:
        return config
    walked = _project_files(root)
    if walked is None:
        if warn is not None:
            warn(f"{root} holds over {MAX_PROJECT_FILES} Python files: graph code is followed within "
                 "each file only")
        return config
    project = [f for f in walked if not is_excluded(f)]
    for linted in python_files:  # a linted file is part of the view even where excluded or outside
        if linted not in project:
            project.append(linted)
    texts: dict[str, str] = {}
    imports: dict[str, dict] = {}
    for path in project:
        real = os.path.realpath(path)
        try:
            texts[real] = read_source(path)
        except UnreadableSource:
            continue
        imports[real] = module_edges.imports_only(texts[real])  # cheaper than a cache look-up
    graph = ProjectGraph(root, imports,
                         lambda real: _cached(cache, "edges", real, texts[real], module_edges.summary))
    linted = {os.path.realpath(p) for p in python_files}
    # Only files that import a linted file (directly or not) can reach into it: the graph-code
    # index, the costly part, runs on those alone.
    plain = dataclasses.replace(config, imported_seeds=())
    for real in sorted(graph.importers(linted)):
        graph.outgoing[real] = _cached(cache, "outgoing", real, texts[real],
                                       lambda text, real=real: graph_outgoing(text, real, plain))
    seeds = graph.seeds()
    if not seeds:
        return config
    packed = tuple(sorted((file, tuple(sorted(found.items()))) for file, found in seeds.items()))
    return dataclasses.replace(config, imported_seeds=packed)


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


def _cached(cache: ResultCache | None, kind: str, path: str, text: str, compute):
    """``compute(text)``, or what an earlier run stored for this very text (and tool, settings)."""
    entry = None
    if cache is not None:
        key = hashlib.sha256(f"{kind}\0{cache.key(path, text)}".encode()).hexdigest()
        entry = os.path.join(cache.folder, "project", key[:2], key + ".json")
        try:
            with open(entry, encoding="utf-8") as handle:
                return json.load(handle)
        except (OSError, ValueError):
            pass
    value = compute(text)
    if entry is not None:
        _store(entry, value)
    return value


def _store(entry: str, data) -> None:
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(entry), prefix=".tmp-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(temporary, entry)
    except (OSError, TypeError, ValueError):
        pass  # a cache that cannot be written only costs speed
