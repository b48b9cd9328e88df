"""The project view for ``check``: what other files of the project say about the linted ones.

Before linting, the project the linted paths belong to is found (``project_graph.find_root``)
and every Python file in it is summarised: its imports and calls (``module_edges``, for every
file) and what its graph code calls or hands on (``engine.graph_outgoing``, for the files the
text screen admits). Summaries are cached by file content next to the findings, so a warm run
reads them. The result is the configuration with ``imported_seeds`` set: per linted file, the
top-level functions graph code elsewhere reaches. Linting one changed file (pre-commit) so
still knows that ``train.py`` maps ``data.augment``.

A project too large to summarise (over ``MAX_PROJECT_FILES``) is linted a file at a time, with
a warning.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile

from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import discover
from tfgraph_lint.core.source import UnreadableSource, read_source

MAX_PROJECT_FILES = 5000


def with_project_seeds(files: list[str], config: Config, is_excluded, cache: ResultCache | None,
                       warn=None) -> Config:
    """``config`` with the seeds the project gives ``files`` (unchanged when there are none)."""
    from tfgraph_lint.analysis.project_graph import ProjectGraph, find_root

    python_files = [f for f in files if f.endswith(".py")]
    if not python_files:
        return config
    root = find_root(python_files)
    found = discover([root], notebooks=False)
    project = [f for f in found.files if not is_excluded(f)]
    for linted in python_files:  # a linted file is part of the view even where excluded or outside
        if linted not in project:
            project.append(linted)
    if len(project) > MAX_PROJECT_FILES:
        if warn is not None:
            warn(f"{root} holds {len(project)} Python files (over {MAX_PROJECT_FILES}): graph code is "
                 "followed within each file only")
        return config
    summaries, outgoing = {}, {}
    plain = dataclasses.replace(config, imported_seeds=())
    for path in project:
        real = os.path.realpath(path)
        try:
            text = read_source(path)
        except UnreadableSource:
            continue
        summaries[real], outgoing[real] = _summary(real, text, plain, cache)
    seeds = ProjectGraph(root, summaries, outgoing).seeds()
    if not seeds:
        return config
    packed = tuple(sorted((file, tuple(sorted(found.items()))) for file, found in seeds.items()))
    return dataclasses.replace(config, imported_seeds=packed)


def _summary(path: str, text: str, config: Config, cache: ResultCache | None) -> tuple[dict, list]:
    entry = _entry(cache, path, text) if cache is not None else None
    if entry is not None:
        try:
            with open(entry, encoding="utf-8") as handle:
                stored = json.load(handle)
            return stored["edges"], stored["outgoing"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
    from tfgraph_lint.analysis.module_edges import summary
    from tfgraph_lint.engine import graph_outgoing

    edges, outgoing = summary(text), graph_outgoing(text, path, config)
    if entry is not None:
        _store(entry, {"edges": edges, "outgoing": outgoing})
    return edges, outgoing


def _entry(cache: ResultCache, path: str, text: str) -> str:
    key = hashlib.sha256(("summary\0" + cache.key(path, text)).encode()).hexdigest()
    return os.path.join(cache.folder, "summaries", key[:2], key + ".json")


def _store(entry: str, data: dict) -> None:
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(entry), prefix=".tmp-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(temporary, entry)
    except (OSError, TypeError, ValueError):
        pass  # a cache that cannot be written only costs speed
