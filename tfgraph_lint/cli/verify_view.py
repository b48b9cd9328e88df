"""The project view for ``verify``: a script's findings with those of the helper modules it runs.

``verify SCRIPT`` runs one file, but its tf.functions may call functions of other files of its
project, where ``check`` reports the hazards. So ``verify`` asks this view, per
script, which project files the script imports (directly or through others): their lines are
recorded in the runs, and they are linted together with the script, with the project view of
``check`` (``project.with_project_seeds``) over these files alone, so that a helper ``train.py``'s
tf.function calls is graph code there, and one only another script reaches is not. A script that
imports no file of its project is linted alone, as it always was.

Each script is linted with the settings of the configuration file closest to it, as ``check``
finds it (``settings_discovery``), that say what is graph code (``function-decorators``,
``keras-methods``), and with every rule at HIGH and INFERENCE whatever the file selects: the runs
judge what every rule finds. A configuration file that cannot be used is said before anything
runs (``configuration_problem``), as ``check`` says it.

It lives with the command line because the project view does (``project``); the ``verify``
command, a layer below, is handed it as an object (``build_verify_command(view=...)`` in
``commands``), of the shape it declares (``ScriptView``).
"""

from __future__ import annotations

import os

from tfgraph_lint.cli import check_flow, project
from tfgraph_lint.cli.file_digests import FileDigests
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.project_config import ConfigError
from tfgraph_lint.core.settings_discovery import CommandLine, SettingsFinder


class ProjectView:
    """``helpers(script)`` and ``findings(script)`` for ``verify_files``; the import graph of each
    project is read once per run, however many of its scripts are verified."""

    def __init__(self, finder: SettingsFinder | None = None) -> None:
        self.finder = finder or SettingsFinder()
        self._graphs: dict[str, object] = {}
        self._helpers: dict[str, list[str]] = {}

    def configuration_problem(self, scripts: list[str]) -> str | None:
        """Why a configuration file that governs one of ``scripts`` cannot be used (as ``check``
        words it); None when each can."""
        try:
            self.finder.fallback()
            for script in scripts:
                self.finder.settings_for(script)
        except ConfigError as exc:
            return str(exc)
        return None

    def config(self, script: str) -> Config:
        """Every rule (the runs judge what every rule finds), with the script's configuration's
        settings of what is graph code."""
        from_file = CommandLine().config(self.finder.settings_for(script))
        return Config.every_rule(extra_function_decorators=from_file.extra_function_decorators,
                                 keras_methods=from_file.keras_methods)

    def helpers(self, script: str) -> list[str]:
        """The other files of ``script``'s project that it imports (real paths, sorted)."""
        real = os.path.realpath(script)
        if real not in self._helpers:
            self._helpers[real] = self._find_helpers(script) if script.endswith(".py") else []
        return self._helpers[real]

    def findings(self, script: str) -> list[Finding]:
        """The findings of ``script`` and of its helper modules (each with its own path)."""
        helpers = self.helpers(script)
        config = self.config(script)
        if not helpers:
            return check_flow.lint(script, config)
        files = [script, *helpers]
        # The view is of the files this run can execute: a helper's function that only another
        # script's graph code reaches is not graph code when this script runs.
        members = {os.path.realpath(path) for path in files}
        config = project.with_project_seeds(files, config, lambda path: os.path.realpath(path) not in members,
                                            cache=None)
        return [finding for path in files for finding in check_flow.lint(path, config)]

    def _find_helpers(self, script: str) -> list[str]:
        from tfgraph_lint.analysis.project_graph import project_roots

        ((root, _),) = project_roots([script]).items()
        if root is None:
            return []
        if root not in self._graphs:
            self._graphs[root] = _import_graph(root)
        graph = self._graphs[root]
        return _imported_project_files(script, graph) if graph is not None else []


def _import_graph(root: str):
    """The project at ``root`` as its files' imports alone (a ``ProjectGraph`` that is asked
    nothing else); None for a project too large to view (over ``MAX_PROJECT_FILES``)."""
    from tfgraph_lint.analysis.project_graph import ProjectGraph

    from tfgraph_lint.analysis import module_edges

    walked = project.project_files(root)
    if walked is None:
        return None
    texts = project.readable_texts(root, walked, FileDigests(None))
    return ProjectGraph(root, {real: module_edges.imports_only(texts[real]) for real in texts.digests},
                        lambda _file: {})


def _imported_project_files(script: str, graph) -> list[str]:
    """The other files of the project of ``graph`` (:func:`_import_graph`) that ``script`` imports,
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
