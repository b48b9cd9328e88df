"""The engine: one module in, findings out. Front ends (CLI, Pylint) only adapt its results.

A rule that raises on some file does not end the run: the file gets an internal-error finding
naming the rule, and the other rules still report.
"""

from __future__ import annotations

import ast
import traceback
from collections import defaultdict
from collections.abc import Iterator

import astroid
from astroid import nodes
from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

from tfgraph_lint import pragmas
from tfgraph_lint.config import Config
from tfgraph_lint.findings import HIGH, Finding, weakest
from tfgraph_lint.graph_index import GraphIndex, TracedFunction, own_nodes
from tfgraph_lint.registry import ANALYSIS_FAILED, INTERNAL_ERROR, Rule
from tfgraph_lint.rules import CHECKS
from tfgraph_lint.screen import may_contain_graph_code
from tfgraph_lint.source import UnreadableSource, read_source


class ModuleContext:
    """What a rule sees: the module, its graph-code index, and a way to make findings."""

    def __init__(self, module: nodes.Module, path: str, config: Config, index: GraphIndex) -> None:
        self.module = module
        self.path = path
        self.config = config
        self.index = index
        self._graph_nodes: dict[type, list[tuple[nodes.NodeNG, TracedFunction]]] = defaultdict(list)
        for traced in index.traced.values():
            for node in own_nodes(traced.node):
                self._graph_nodes[type(node)].append((node, traced))

    def in_graph(self, *types: type) -> Iterator[tuple[nodes.NodeNG, TracedFunction]]:
        """Nodes of the given types that run inside graph code, with the function tracing them."""
        for node_type, found in self._graph_nodes.items():
            if issubclass(node_type, types):
                yield from found

    def finding(
        self,
        rule: Rule,
        node: nodes.NodeNG,
        message: str,
        confidence: str = HIGH,
        traced: TracedFunction | None = None,
    ) -> Finding:
        if traced is not None:
            confidence = weakest(confidence, traced.confidence)
        return Finding(
            rule=rule,
            path=self.path,
            line=node.lineno,
            column=node.col_offset,
            end_line=node.end_lineno if node.end_lineno is not None else node.lineno,
            end_column=node.end_col_offset if node.end_col_offset is not None else node.col_offset,
            message=message,
            confidence=confidence,
            traced_because=traced.chain if traced is not None else (),
        )


def analyze_module(module: nodes.Module, path: str, config: Config) -> list[Finding]:
    """All findings of the enabled rules on an already-built astroid module."""
    try:
        index = GraphIndex(module, config)
        context = ModuleContext(module, path, config, index)
    except Exception as exc:  # noqa: BLE001 - contained by design, reported as a finding
        return [internal_error(path, "the graph-code index", exc)]
    findings: list[Finding] = []
    for check in CHECKS:
        if not config.is_enabled(check.RULE.code):
            continue
        try:
            findings.extend(check.check(context))
        except Exception as exc:  # noqa: BLE001
            findings.append(internal_error(path, f"rule {check.RULE.code} {check.RULE.symbol}", exc))
    return sorted(set(findings), key=lambda f: f.sort_key)


# astroid infers a little while it builds a tree (decorators of methods that assign ``self.x``,
# class bases for its enum support), which would read TensorFlow's sources when installed:
# seconds per process, for nothing. The CLI's process is ours, so close those packages to it.
# The Pylint plugin leaves Pylint's global manager alone (it runs only lexical look-ups itself).
_NEVER_READ = ("tensorflow", "keras", "tf_keras")


def _keep_astroid_out_of_tensorflow() -> None:
    astroid.MANAGER.module_denylist.update(_NEVER_READ)


def lint_source(text: str, path: str, config: Config | None = None, honour_pragmas: bool = True) -> list[Finding]:
    """Lint one file's text (the CLI path). Pylint pragmas are honoured as Pylint would."""
    config = config or Config()
    _keep_astroid_out_of_tensorflow()
    if not may_contain_graph_code(text, config):
        # No graph code possible, so no astroid tree; but a file Python cannot parse is still
        # reported, as any linter would (the stdlib parser costs a fraction of astroid).
        problem = _stdlib_syntax_error(text, path)
        return [problem] if problem else []
    try:
        module = astroid.parse(text, module_name=_module_name(path), path=path)
    except AstroidSyntaxError as exc:
        error = exc.error if isinstance(getattr(exc, "error", None), SyntaxError) else None
        line = (error.lineno or 1) if error else 1
        reason = error.msg if error else str(exc)
        return [_analysis_failed(path, f"syntax error: {reason}", line)]
    except (AstroidBuildingError, RecursionError, MemoryError, ValueError) as exc:
        return [_analysis_failed(path, f"could not parse: {type(exc).__name__}: {exc}")]
    findings = analyze_module(module, path, config)
    return pragmas.remove_suppressed(findings, text) if honour_pragmas else findings


def lint_file(path: str, config: Config | None = None) -> list[Finding]:
    try:
        text = read_source(path)
    except UnreadableSource as exc:
        return [_analysis_failed(path, str(exc))]
    return lint_source(text, path, config)


def _stdlib_syntax_error(text: str, path: str) -> Finding | None:
    try:
        ast.parse(text, filename=path)
    except SyntaxError as exc:
        return _analysis_failed(path, f"syntax error: {exc.msg}", exc.lineno or 1)
    except (ValueError, RecursionError, MemoryError) as exc:
        return _analysis_failed(path, f"could not parse: {type(exc).__name__}: {exc}")
    return None


def _module_name(path: str) -> str:
    stem = path.replace("\\", "/").rsplit("/", 1)[-1]
    return stem[:-3] if stem.endswith(".py") else stem


def _analysis_failed(path: str, reason: str, line: int = 1) -> Finding:
    return Finding(ANALYSIS_FAILED, path, line, 0, line, 0, f"could not analyse: {reason}")


def internal_error(path: str, where: str, exc: BaseException) -> Finding:
    """The TFG002 finding for a failure inside tfgraph-lint itself, located at the top of the file."""
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}" if frame else ""
    message = (f"internal error in {where}: {type(exc).__name__}: {exc}{at}; "
               "the file's other findings are still reported - please report this bug")
    return Finding(INTERNAL_ERROR, path, 1, 0, 1, 0, message)
