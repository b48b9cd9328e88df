"""The Pylint front end: a thin adapter from Pylint's checker API to the engine.

``pylint --load-plugins=tfgraph_lint`` registers :class:`TFGraphChecker`. For each module Pylint
has built, the checker runs ``engine.analyze_module`` on Pylint's own astroid tree (no second
parse) and turns every finding into a Pylint message with the same location, text and
confidence as the ``tfgraph-lint`` command reports. Pylint applies its own pragmas
(``# pylint: disable=python-print-in-graph``), its ``--confidence`` filter and its output formats.

Columns: findings count columns from 0, as astroid and Pylint do, so they pass through unchanged;
Pylint prints them 0-based, the CLI's JSON/SARIF output adds 1.

Options (in any Pylint configuration file, or on Pylint's command line):

- ``tfgraph-keras-methods`` (y/n, default y): treat what Keras traces as graph code
  (``call``/``train_step``/... of Keras subclasses, metric/loss/optimizer methods, functions
  handed to ``compile()`` or a layer);
- ``tfgraph-function-decorators`` (comma-separated dotted names): decorators and wrappers that
  behave like ``tf.function``, e.g. ``tf_agents.utils.common.function``;
- ``tfgraph-select``, ``tfgraph-extend-select``, ``tfgraph-ignore``, ``tfgraph-exclude`` and
  ``tfgraph-per-file-ignores`` (``GLOB:RULE RULE...`` items): the command line's
  ``[tool.tfgraph-lint]`` keys of the same names, on top of Pylint's own enable/disable; globs are
  relative to the directory Pylint runs in. A bad value ends the run with Pylint's usage exit
  status, 32, and a message naming the option. The opt-in rules (core/measured_defaults) run only
  when selected here or in the table, as with the command; Pylint's ``--disable`` still wins.

One configuration: each module uses the configuration closest to it, as the command finds it
(``tfgraph-lint.toml``, or a ``pyproject.toml`` with ``[tool.tfgraph-lint]``, at or above the
module's folder; else the one found from the directory Pylint runs in), so a project keeps one
list of rules and ``pylint --load-plugins=tfgraph_lint proj/`` run from a parent folder uses
``proj/pyproject.toml``. A ``tfgraph-*`` option given to Pylint wins over the file's key of the
same name. What is reported of a module is decided as for the command
(:mod:`tfgraph_lint.core.reporting_decision`): exclude, per-file-ignores, and the file's
``# tfgraph-lint: noqa`` and ``# noqa`` comments; Pylint applies its own pragmas.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from astroid import nodes
from pylint import interfaces
from pylint.checkers import BaseChecker

from tfgraph_lint import engine
from tfgraph_lint.analysis.screen import may_contain_graph_code
from tfgraph_lint.core import findings, project_config, records, reporting_decision
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.settings_discovery import SettingsFinder
from tfgraph_lint.core.measured_defaults import LEVELS
from tfgraph_lint.core.registry import INTERNAL_ERROR, RULES, hazard_rules
from tfgraph_lint.core.source import UnreadableSource, decode_source

_CONFIDENCE = {
    findings.HIGH: interfaces.HIGH,
    findings.INFERENCE: interfaces.INFERENCE,
    findings.LOW: interfaces.INFERENCE_FAILURE,  # a value's kind guessed from its name
}


def _message_definitions() -> dict[str, tuple[str, str, str]]:
    """One Pylint message per registry rule; the text is the finding's own message."""
    return {rule.msgid: ("%s", rule.symbol, f"{rule.summary} ({rule.code}).") for rule in RULES}


class TFGraphChecker(BaseChecker):
    """Python code that behaves differently once TensorFlow traces it into a graph."""

    name = "tfgraph-lint"
    msgs = _message_definitions()
    options = (
        (
            "tfgraph-keras-methods",
            {
                "default": None,  # None: keras-methods in [tool.tfgraph-lint], else yes
                "type": "yn",
                "metavar": "<y or n>",
                "help": "Treat what Keras traces as graph code (call/train_step/... of Keras "
                "subclasses, metric/loss/optimizer methods, functions handed to compile() or a "
                "layer). Default: keras-methods in [tool.tfgraph-lint], "
                "else yes (tfgraph-lint).",
            },
        ),
        (
            "tfgraph-confidence",
            {
                "default": (),  # none given: confidence in [tool.tfgraph-lint], else each rule's measured levels
                "type": "csv",
                "metavar": "<levels>",
                "help": "tfgraph-lint confidence levels to report: HIGH, INFERENCE, LOW (reported to "
                "Pylint as INFERENCE_FAILURE), for every rule. Same as confidence in "
                "[tool.tfgraph-lint]; default: that key, else each rule's measured levels "
                f"(HIGH,INFERENCE; HIGH alone for {' and '.join(sorted(LEVELS))}) (tfgraph-lint).",
            },
        ),
        (
            "tfgraph-function-decorators",
            {
                "default": (),
                "type": "csv",
                "metavar": "<dotted names>",
                "help": "Comma-separated dotted names of decorators or wrappers that trace "
                "like tf.function, e.g. tf_agents.utils.common.function (tfgraph-lint).",
            },
        ),
    ) + tuple(
        (
            f"tfgraph-{key}",
            {
                "default": (),
                "type": "csv",
                "metavar": metavar,
                "help": f"{help_text} Same as {key} in [tool.tfgraph-lint] (tfgraph-lint).",
            },
        )
        for key, metavar, help_text in (
            ("select", "<rules>", "Run only these tfgraph-lint rules (codes, code prefixes or symbols)."),
            ("extend-select", "<rules>", "tfgraph-lint rules to run on top of tfgraph-select."),
            ("ignore", "<rules>", "tfgraph-lint rules not to run."),
            ("exclude", "<globs>", "Files and folders tfgraph-lint does not report on."),
            ("per-file-ignores", "<glob:rules>", "GLOB:RULE RULE... items: rules not reported in "
                                                 "the files a glob matches."),
        )
    )

    def open(self) -> None:
        """Read the tfgraph-* selection options once per run."""
        self._given = _settings_from_pylint_options(self.linter.config)
        self._finder = SettingsFinder()
        self._by_file: dict[object, project_config.ProjectSettings] = {}

    def visit_module(self, node: nodes.Module) -> None:
        try:
            self._check_module(node)
        except Exception as exc:  # noqa: BLE001 - a bug here must not end the user's Pylint run
            self.add_message(
                INTERNAL_ERROR.msgid,
                line=1,
                node=node,
                args=(engine.internal_error(module_path(node), "the Pylint checker", exc).message,),
                confidence=interfaces.HIGH,
                col_offset=0,
                end_lineno=1,
                end_col_offset=0,
            )

    def _check_module(self, module: nodes.Module) -> None:
        path = module_path(module)
        settings = self._settings_for(path)
        decision = reporting_decision.FileDecision(path, settings)
        if decision.excluded:
            return
        config = self._config(settings)
        if not config.enabled_codes:
            return  # every hazard message is disabled: nothing to look for
        text = _module_text(module)
        if text is not None and not may_contain_graph_code(text, config):
            return  # the same cheap screen as the CLI: no TensorFlow/Keras name in the file
        found = engine.analyze_module(module, path, config)
        if text is not None:
            found = reporting_decision.without_suppressed(found, text, pylint_pragmas=False)
        for finding in decision.reported(found):
            self.add_message(
                finding.rule.msgid,
                line=finding.line,
                node=_anchor(module, finding.line, finding.column),
                args=(finding.message,),
                confidence=_CONFIDENCE.get(finding.confidence, interfaces.UNDEFINED),
                col_offset=finding.column,
                end_lineno=finding.end_line,
                end_col_offset=finding.end_column,
            )

    def _settings_for(self, path: str) -> project_config.ProjectSettings:
        """The module's settings: its closest configuration file's, with Pylint's tfgraph-* options
        in place of the file's keys; a file that cannot be used ends the run (exit 32)."""
        if not hasattr(self, "_finder"):
            self.open()
        try:
            from_file = self._finder.settings_for(path)
        except project_config.ConfigError as exc:
            _usage_error(str(exc))
            raise  # not reached
        key = id(from_file)
        if key not in self._by_file:
            self._by_file[key] = from_file if self._given.path is None else _overlay(from_file, self._given)
        return self._by_file[key]

    def _config(self, settings: project_config.ProjectSettings) -> Config:
        options = self.linter.config
        enabled = frozenset(
            rule.code for rule in hazard_rules() if self.linter.is_message_enabled(rule.msgid)
        ) & settings.enabled_codes()
        decorators = tuple(
            name.strip() for name in (options.tfgraph_function_decorators or ()) if name.strip()
        ) or settings.function_decorators or ()
        confidences = settings.confidence  # None: each rule's measured levels (core/measured_defaults)
        if any(level.strip() for level in options.tfgraph_confidence or ()):
            try:
                confidences = project_config.parse_confidences(options.tfgraph_confidence)
            except project_config.ConfigError as exc:
                _usage_error(f"tfgraph-confidence: {exc}".replace("'confidence': ", ""))
        keras = options.tfgraph_keras_methods
        if keras is None:
            keras = settings.keras_methods is not False
        return _make_config(enabled, decorators, bool(keras), confidences)


@lru_cache(maxsize=16)
def _make_config(enabled: frozenset[str], decorators: tuple[str, ...], keras_methods: bool,
                 confidences: frozenset[str] | None) -> Config:
    return Config(enabled_codes=enabled, extra_function_decorators=decorators, keras_methods=keras_methods,
                  confidences=confidences)


def _overlay(from_file: project_config.ProjectSettings,
             given: project_config.ProjectSettings) -> project_config.ProjectSettings:
    """The file's settings, each key replaced by Pylint's option when that was given. The file's
    globs stay relative to its folder, Pylint's to the directory Pylint runs in."""
    import dataclasses

    file_selection, selection = from_file.selection, given.selection
    chosen = project_config.Selection(
        selection.select if selection.select is not None else file_selection.select,
        selection.extend_select or file_selection.extend_select,
        selection.ignore or file_selection.ignore,
    )
    return records.replace(
        from_file,
        selection=chosen,
        exclude=() if given.exclude else from_file.exclude,
        command_line_exclude=given.exclude,
        per_file_ignores=() if given.per_file_ignores else from_file.per_file_ignores,
        command_line_per_file_ignores=given.per_file_ignores,
    )


def _settings_from_pylint_options(options) -> project_config.ProjectSettings:
    """The tfgraph-* selection options as the CLI's settings (``path`` None: none was given)."""
    table: dict = {}
    for key in ("select", "extend-select", "ignore", "exclude"):
        values = [v.strip() for v in getattr(options, f"tfgraph_{key.replace('-', '_')}", ()) or () if v.strip()]
        if values:
            table[key] = values
    per_file: dict[str, list[str]] = {}
    for item in getattr(options, "tfgraph_per_file_ignores", ()) or ():
        glob, separator, rules = item.strip().rpartition(":")
        if not separator or not glob.strip():
            _usage_error(f"tfgraph-per-file-ignores: {item!r} is not GLOB:RULE RULE...")
        per_file.setdefault(glob.strip(), []).extend(rules.split())
    if per_file:
        table["per-file-ignores"] = per_file
    if not table:
        return project_config.ProjectSettings(path=None)
    try:
        return project_config.parse_table(table, Path.cwd() / "pylint", "tfgraph-* options",
                                          label="Pylint configuration")
    except project_config.ConfigError as exc:
        _usage_error(str(exc))
        raise  # not reached


def _usage_error(message: str) -> None:
    print(f"tfgraph-lint: error: {message}", file=sys.stderr)
    raise SystemExit(32)  # Pylint's exit status for a usage error


def module_path(module: nodes.Module) -> str:
    return module.file or module.name


def _module_text(module: nodes.Module) -> str | None:
    """The module's source text for the screen, or None when it cannot be had cheaply."""
    if isinstance(module.file_bytes, str):
        return module.file_bytes
    try:
        stream = module.stream()
        if stream is None:
            return None
        with stream:
            return decode_source(stream.read())
    except (OSError, UnreadableSource):
        return None  # Pylint built the tree somehow; let the engine look at it


def _anchor(module: nodes.Module, line: int, column: int) -> nodes.NodeNG:
    """The innermost node at (line, column), so Pylint names the enclosing function (``obj``).

    Pylint wants a node with every message of an AST checker; the location itself is passed
    explicitly and wins over the node's.
    """
    anchor: nodes.NodeNG = module
    while True:
        for child in anchor.get_children():
            if _contains(child, line, column):
                anchor = child
                break
        else:
            return anchor


def _contains(node: nodes.NodeNG, line: int, column: int) -> bool:
    if node.lineno is None:
        return False
    start = (node.lineno, node.col_offset or 0)
    if node.end_lineno is not None and node.end_col_offset is not None:
        end = (node.end_lineno, node.end_col_offset)
    else:
        end = (node.tolineno, float("inf"))
    return start <= (line, column) <= end
