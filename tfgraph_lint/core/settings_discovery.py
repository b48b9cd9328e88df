"""Which configuration file governs each linted file, found as ruff finds its own.

For a file, the closest folder at or above it that holds a ``tfgraph-lint.toml`` (settings at its
top level) or a ``pyproject.toml`` with a ``[tool.tfgraph-lint]`` table; in one folder the
``tfgraph-lint.toml`` wins. So ``tfgraph-lint proj/`` run from a parent folder, and Pylint with the
plugin, use ``proj/pyproject.toml``. A file with no such folder above it uses the configuration
found from the current folder upward (the run's own), else the defaults.

``--config FILE`` names the one file every linted file uses; ``--isolated`` ignores every
configuration file. The command line's options then apply on top of whichever file was found
(:class:`CommandLine`), so they win over it.
"""

from __future__ import annotations

import os
from pathlib import Path

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.measured_defaults import OPT_IN
from tfgraph_lint.core.project_config import (
    PYPROJECT, SECTION, ConfigError, ProjectSettings, load, parse_table, read_toml,
)
from tfgraph_lint.core.real_paths import real_dir
from tfgraph_lint.core.records import Record, replace

OWN_FILE = "tfgraph-lint.toml"


class CommandLine(Record):
    """The settings given on a command line (the CLI's options, or Pylint's ``tfgraph-*`` ones):
    each one given replaces or extends the file's key of the same name."""
    __slots__ = ("select", "extend_select", "ignore", "exclude", "per_file_ignores",
                 "function_decorators", "keras_methods", "confidence", "notebooks")

    select: frozenset[str] | None
    extend_select: frozenset[str]
    ignore: frozenset[str]  # --ignore and --extend-ignore, on top of the file's
    exclude: tuple[str, ...]  # on top of the file's, relative to the current folder
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...]
    function_decorators: tuple[str, ...]
    keras_methods: bool | None
    confidence: frozenset[str] | None
    notebooks: bool | None

    def __init__(self, select: frozenset[str] | None = None, extend_select: frozenset[str] = frozenset(),
                 ignore: frozenset[str] = frozenset(), exclude: tuple[str, ...] = (),
                 per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = (),
                 function_decorators: tuple[str, ...] = (), keras_methods: bool | None = None,
                 confidence: frozenset[str] | None = None, notebooks: bool | None = None) -> None:
        self.select = select
        self.extend_select = extend_select
        self.ignore = ignore
        self.exclude = exclude
        self.per_file_ignores = per_file_ignores
        self.function_decorators = function_decorators
        self.keras_methods = keras_methods
        self.confidence = confidence
        self.notebooks = notebooks

    def settings(self, from_file: ProjectSettings) -> ProjectSettings:
        """The file's settings with this command line on top."""
        return replace(from_file, command_line_exclude=self.exclude,
                       command_line_per_file_ignores=self.per_file_ignores)

    def config(self, from_file: ProjectSettings) -> Config:
        """The engine's configuration for the files ``from_file`` governs."""
        enabled = set(from_file.enabled_codes() if self.select is None else self.select)
        enabled = (enabled | self.extend_select) - self.ignore
        keras = self.keras_methods if self.keras_methods is not None else from_file.keras_methods is not False
        return Config(
            enabled_codes=frozenset(enabled),
            extra_function_decorators=self.function_decorators or from_file.function_decorators or (),
            keras_methods=keras,
            confidences=self.confidence or from_file.confidence,  # None: each rule's measured levels
        )

    def opt_in_left_off(self, from_file: ProjectSettings) -> frozenset[str]:
        """The opt-in rules left off by default, not by choice, for the files ``from_file``
        governs: none once a ``select`` (the file's or this one) chose the rules; else each
        opt-in rule not turned on and not ignored (core/hidden_findings counts their findings)."""
        if self.select is not None or from_file.selection.select is not None:
            return frozenset()
        return OPT_IN - from_file.enabled_codes() - self.extend_select - self.ignore - from_file.selection.ignore

    def lints_notebooks(self, from_file: ProjectSettings) -> bool:
        return self.notebooks if self.notebooks is not None else from_file.notebooks is not False


class SettingsFinder(Record):
    """The settings of each file (cached per folder). Raises :class:`ConfigError` for a
    configuration file that cannot be used, when a file it governs is first asked about."""
    __slots__ = ("config_file", "isolated", "_by_folder", "_fallback", "_read")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable

    config_file: str | None
    isolated: bool
    _by_folder: dict[str, ProjectSettings]
    _fallback: ProjectSettings | None
    _read: dict[Path, ProjectSettings]

    def __init__(self, config_file: str | None = None, isolated: bool = False,
                 _by_folder: dict[str, ProjectSettings] | None = None,
                 _fallback: ProjectSettings | None = None,
                 _read: dict[Path, ProjectSettings] | None = None) -> None:
        self.config_file = config_file
        self.isolated = isolated
        self._by_folder = {} if _by_folder is None else _by_folder
        self._fallback = _fallback
        self._read = {} if _read is None else _read

    def fallback(self) -> ProjectSettings:
        """The run's own settings: ``--config``'s, or found from the current folder upward."""
        if self._fallback is None:
            if self.isolated:
                self._fallback = ProjectSettings()
            elif self.config_file is not None:
                self._fallback = load(self.config_file)
            else:
                found = closest_config(Path.cwd())
                self._fallback = self._load(found) if found else ProjectSettings()
        return self._fallback

    def settings_for(self, path: str) -> ProjectSettings:
        """The settings of the file at ``path`` (or of a folder)."""
        if self.isolated or self.config_file is not None:
            return self.fallback()
        folder = os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
        return self._settings_of_folder(real_dir(folder))

    def _settings_of_folder(self, folder: str) -> ProjectSettings:
        # Each folder is looked at once: a tree of many folders under one project reads its
        # pyproject.toml once, not once per folder.
        pending = []
        while folder not in self._by_folder:
            found = config_in(Path(folder))
            if found is not None:
                self._by_folder[folder] = self._load(found)
                break
            pending.append(folder)
            parent = os.path.dirname(folder)
            if parent == folder:
                self._by_folder[folder] = self.fallback()
                break
            folder = parent
        for below in pending:
            self._by_folder[below] = self._by_folder[folder]
        return self._by_folder[folder]

    def _load(self, found: Path) -> ProjectSettings:
        if found not in self._read:
            self._read[found] = read_config(found)
        return self._read[found]


def config_in(folder: Path) -> Path | None:
    """The folder's own configuration file: ``tfgraph-lint.toml``, else a pyproject.toml with
    ``[tool.tfgraph-lint]``."""
    own = folder / OWN_FILE
    if own.is_file():
        return own
    candidate = folder / PYPROJECT
    if candidate.is_file() and SECTION in read_toml(candidate).get("tool", {}):
        return candidate
    return None


def closest_config(start: Path) -> Path | None:
    """The configuration file closest above ``start`` (see :func:`config_in`)."""
    folder = start.resolve()
    return next((found for found in map(config_in, (folder, *folder.parents)) if found is not None), None)


def read_config(path: Path) -> ProjectSettings:
    """The settings of one configuration file found by :func:`closest_config`."""
    document = read_toml(path)
    if path.name == PYPROJECT:
        return parse_table(document["tool"][SECTION], path.resolve(), f"[tool.{SECTION}]")
    return parse_table(document, path.resolve(), "top level")


MEASURED = "each rule's measured levels"


def describe(path: str, settings: ProjectSettings, config: Config, notebooks: bool) -> list[str]:
    """``--show-settings FILE``: where the file's settings come from, and what they resolve to."""
    source = str(settings.path) if settings.path is not None else "none (defaults)"
    per_file = sorted(settings.ignored_codes(path))
    return [
        f"Settings for {path}",
        f"  configuration file: {source}",
        f"  excluded: {'yes' if settings.is_excluded(path) else 'no'}",
        f"  rules: {', '.join(sorted(config.enabled_codes)) or '(none)'}",
        f"  per-file-ignores here: {', '.join(per_file) or '(none)'}",
        f"  confidence: {', '.join(sorted(config.confidences)) if config.confidences else MEASURED}",
        f"  function-decorators: {', '.join(config.extra_function_decorators) or '(none)'}",
        f"  keras-methods: {'true' if config.keras_methods else 'false'}",
        f"  notebooks: {'true' if notebooks else 'false'}",
        f"  exclude: {', '.join(settings.exclude + settings.command_line_exclude) or '(none)'}",
    ]


__all__ = ["CommandLine", "ConfigError", "SettingsFinder", "closest_config", "describe", "read_config"]
