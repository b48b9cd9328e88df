"""The Pylint front end: a thin adapter from Pylint's checker API to the engine.

``pylint --load-plugins=tfgraph_lint`` registers :class:`TFGraphChecker`. For each module Pylint
has built, the checker runs ``engine.analyze_module`` on Pylint's own astroid tree (no second
parse) and turns every finding into a Pylint message with the same location, text and
confidence as the ``tfgraph-lint`` command reports. Pylint applies its own pragmas
(``# pylint: disable=python-print-in-graph``), its ``--confidence`` filter and its output formats.

Columns: findings count columns from 0, as astroid and Pylint do, so they pass through unchanged;
Pylint prints them 0-based, the CLI's JSON/SARIF output adds 1.

Options (in any Pylint configuration file, or on Pylint's command line):

- ``tfgraph-keras-methods`` (y/n, default y): treat ``call``/``train_step``/... of Keras
  subclasses as graph code;
- ``tfgraph-function-decorators`` (comma-separated dotted names): decorators and wrappers that
  behave like ``tf.function``, e.g. ``tf_agents.utils.common.function``.
"""

from __future__ import annotations

from functools import lru_cache

from astroid import nodes
from pylint import interfaces
from pylint.checkers import BaseChecker

from tfgraph_lint import engine, findings
from tfgraph_lint.config import Config
from tfgraph_lint.registry import INTERNAL_ERROR, RULES, hazard_rules
from tfgraph_lint.screen import may_contain_graph_code
from tfgraph_lint.source import UnreadableSource, decode_source

_CONFIDENCE = {
    findings.HIGH: interfaces.HIGH,
    findings.INFERENCE: interfaces.INFERENCE,
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
                "default": True,
                "type": "yn",
                "metavar": "<y or n>",
                "help": "Treat call/train_step/test_step/predict_step of Keras Model and Layer "
                "subclasses as graph code (tfgraph-lint).",
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
    )

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
        config = self._config()
        if not config.enabled_codes:
            return  # every hazard message is disabled: nothing to look for
        text = _module_text(module)
        if text is not None and not may_contain_graph_code(text, config):
            return  # the same cheap screen as the CLI: no TensorFlow/Keras name in the file
        for finding in engine.analyze_module(module, module_path(module), config):
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

    def _config(self) -> Config:
        options = self.linter.config
        enabled = frozenset(
            rule.code for rule in hazard_rules() if self.linter.is_message_enabled(rule.msgid)
        )
        decorators = tuple(
            name.strip() for name in (options.tfgraph_function_decorators or ()) if name.strip()
        )
        return _make_config(enabled, decorators, bool(options.tfgraph_keras_methods))


@lru_cache(maxsize=16)
def _make_config(enabled: frozenset[str], decorators: tuple[str, ...], keras_methods: bool) -> Config:
    return Config(enabled_codes=enabled, extra_function_decorators=decorators, keras_methods=keras_methods)


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
