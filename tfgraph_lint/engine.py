"""The engine: one module in, findings out. Front ends (CLI, Pylint) only adapt its results.

A rule that raises on some file does not end the run: the file gets an internal-error finding
naming the rule, and the other rules still report.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

from tfgraph_lint.analysis.screen import may_contain_graph_code
from tfgraph_lint.analysis.instance_screen import KERAS_CLASS_MADE, makes_imported_instances, makes_told_classes
from tfgraph_lint.analysis.mode_guards import MODE_GUARD
from tfgraph_lint.core import notebooks, reporting_decision
from tfgraph_lint.core import demonstration_comments
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import ANALYSIS_FAILED, INTERNAL_ERROR
from tfgraph_lint.core.source import UnreadableSource, read_source

Adjust = Callable[[Finding], Finding]  # what lint_source does to each finding before choosing

if TYPE_CHECKING:
    from astroid import nodes
    from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

    from tfgraph_lint.analysis import node_index, parsing
    from tfgraph_lint.analysis.graph_index import GraphIndex
    from tfgraph_lint.analysis.semantic import ModuleContext
    from tfgraph_lint.rules import checks_for


# astroid, the analysis and the rules take most of a short run's time to import (~0.1 s), and most
# files never need them: a file that fails the text screen is only checked for syntax errors. So
# they are imported on first need and bound as this module's globals, as if imported above (a name
# already bound, e.g. patched by a test, is kept).
_LAZY = ("nodes", "AstroidBuildingError", "AstroidSyntaxError", "node_index", "parsing", "GraphIndex",
         "ModuleContext", "checks_for")


def _import_analysis() -> None:
    if "checks_for" in globals():
        return
    # pylint: disable=redefined-outer-name,import-outside-toplevel
    from astroid import nodes
    from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

    from tfgraph_lint.analysis import node_index, parsing
    from tfgraph_lint.analysis.graph_index import GraphIndex
    from tfgraph_lint.analysis.semantic import ModuleContext
    from tfgraph_lint.rules import checks_for

    found = locals()
    for name in _LAZY:
        globals().setdefault(name, found[name])


def __getattr__(name: str):
    if name in _LAZY:
        _import_analysis()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def analyze_module(module: nodes.Module, path: str, config: Config, outgoing: list | None = None,
                   adjust: Adjust | None = None, outgoing_bases: frozenset[str] | None = None,
                   outgoing_config: Config | None = None) -> list[Finding]:
    """All findings of the enabled rules on an already-built astroid module (and, into
    ``outgoing`` when given, what graph_outgoing would say of it, from the same index), each
    passed through ``adjust`` when given before the configured confidences are chosen. With
    ``outgoing_config``, ``outgoing`` is what graph_outgoing says under that configuration
    instead, from an index of its own over the same tree (from the findings' index when both
    configurations say the same of the file: the index reads nothing else of them)."""
    _import_analysis()
    if outgoing is not None and outgoing_config is not None and not config.lints_alike(outgoing_config, path):
        try:
            outgoing.extend(_outgoing_of_module(module, path, outgoing_config, outgoing_bases))
        finally:
            node_index.forget_memos(module, *config.imports_told_alike(outgoing_config, path))
        outgoing = None
    try:
        return _analyze(module, path, config, outgoing, adjust, outgoing_bases)
    finally:
        # Nothing remembered about the module outlives its analysis: in Pylint, whose cache
        # keeps every module, leftovers would only make its garbage collector work longer.
        node_index.forget(module)


def _analyze(module: nodes.Module, path: str, config: Config, outgoing: list | None = None,
             adjust: Adjust | None = None, outgoing_bases: frozenset[str] | None = None) -> list[Finding]:
    try:
        index = GraphIndex(module, config, config.seeds_for(path))
        context = ModuleContext(module, path, config, index)
    except RecursionError as exc:
        return [_recursion_failure(module, path, "the graph-code index", exc)]
    except Exception as exc:  # noqa: BLE001 - contained by design, reported as a finding
        return [internal_error(path, "the graph-code index", exc)]
    if outgoing is not None:
        try:
            outgoing.extend(_outgoing(index, context, outgoing_bases))
        except Exception:  # noqa: BLE001 - as graph_outgoing: the project view does without it
            pass
    findings: list[Finding] = []
    text = _module_text(module)
    # Only the rules that can report on this text are imported and run (rules/__init__.py);
    # all of them when the text cannot be read.
    for check in checks_for(text or None, config.is_enabled):
        try:
            findings.extend(check.check(context))
        except RecursionError as exc:
            findings.append(_recursion_failure(module, path, f"rule {check.RULE.code} {check.RULE.symbol}", exc))
        except Exception as exc:  # noqa: BLE001
            findings.append(internal_error(path, f"rule {check.RULE.code} {check.RULE.symbol}", exc))
    adjust = _composed(adjust, demonstration_comments.demonstrations(text) if findings else None)
    if adjust is not None:
        expected = context.expected_failures
        context.expected_failures = {adjust(f) for f in expected}
        findings = [adjust(f) for f in findings]
    reported = {f for f in reporting_decision.at_levels(findings, config) if f not in context.expected_failures}
    return sorted(reported, key=lambda f: f.sort_key)


def _composed(first: Adjust | None, second: Adjust | None) -> Adjust | None:
    if first is None or second is None:
        return first or second
    return lambda finding: second(first(finding))


def _module_text(module: nodes.Module) -> str:
    """The source the module was built from (for its comments), "" when it cannot be read."""
    data = module.file_bytes
    if data is None:
        try:
            with module.stream() as stream:
                data = stream.read()
        except (OSError, AttributeError, ValueError):
            return ""
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data


def lint_source(text: str, path: str, config: Config | None = None, honour_pragmas: bool = True,
                outgoing: list | None = None, adjust: Adjust | None = None,
                outgoing_bases: frozenset[str] | None = None,
                outgoing_config: Config | None = None, screen_instances: bool = True,
                parses: bool = False) -> list[Finding]:
    """Lint one file's text (the CLI path). Pylint pragmas are honoured as Pylint would. With
    ``outgoing``, also fill it as :func:`graph_outgoing` would (with ``outgoing_bases`` and
    ``screen_instances``, under ``outgoing_config`` when given, else ``config``), from the same
    parse (the project view asks this of the files it is about to lint anyway). ``adjust`` changes
    each finding before the configured confidences are chosen (a notebook's demonstrations).
    ``parses``: Python's parser is known to take the text (the project view parsed it), so a file
    with no graph code is not parsed again to look for a syntax error."""
    config = config or Config()
    screened = may_contain_graph_code(text, config)  # the view's entries leave the screen as it is
    if outgoing is not None and outgoing_config is not None and not _may_reach_out(
            text, path, outgoing_config, screened, outgoing_bases, screen_instances):
        outgoing_config = outgoing = None  # graph_outgoing would say nothing of it
    if not screened and not _told(config, path):
        if outgoing is not None and outgoing_config is not None:  # instances it makes (instance_screen)
            outgoing.extend(graph_outgoing(text, path, outgoing_config, outgoing_bases, screen_instances))
        # No graph code possible, so no astroid tree; but a file Python cannot parse is still
        # reported, as any linter would (the stdlib parser costs a fraction of astroid).
        problem = None if parses else _stdlib_syntax_error(text, path)
        return [problem] if problem else []
    _import_analysis()
    with parsing.lexical_builtins():
        return _lint_parsed(text, path, config, honour_pragmas, outgoing, adjust, outgoing_bases, outgoing_config)


def _defines_graph_code(config: Config, path: str) -> bool:
    """The view tells the file of Keras bases or tf.function decorators of other files (which make
    graph code of it), not only of mode guards (which decide branches of graph code it has) or of
    Keras classes it makes (which say how their instances run: instance_screen)."""
    return any(not what.startswith((MODE_GUARD, KERAS_CLASS_MADE)) and not name.startswith("<")  # (<keras generation>, ...)
               for name, what in config.definitions_for(path).items())


def _told(config: Config, path: str) -> bool:
    """The project view tells the file something that can make graph code of it where the text
    screen finds none: a function that graph code elsewhere reaches, a tf.function it imports,
    TensorFlow imported from the project, definitions of other files (Keras bases, decorators
    wrapping tf.function). A marker seed (``Cls.<made, run eagerly>``, no Python
    name) names no function: it only weighs how a Keras class of the file runs, whose traced
    methods the screen passes (``def call`` ...), so it alone asks for no analysis."""
    return (any(not name.rpartition(".")[2].startswith("<") for name in config.seeds_for(path))
            or bool(config.tf_functions_for(path)) or bool(config.aliases_for(path))
            or _defines_graph_code(config, path))


def _may_reach_out(text: str, path: str, config: Config, screened: bool | None = None,
                   bases: frozenset[str] | None = None, screen_instances: bool = True) -> bool:
    """Whether :func:`graph_outgoing` looks into the file at all (``screened``: the text screen's
    answer, when known; ``bases``, ``screen_instances``: as graph_outgoing's). A file with no
    graph code still says what it does with the instances it makes of project classes
    (analysis/instance_screen), when the project view asks it to."""
    if screened is None:
        screened = may_contain_graph_code(text, config)
    return (screened or bool(config.seeds_for(path)) or bool(config.aliases_for(path))
            or _defines_graph_code(config, path)
            or (screen_instances and (makes_imported_instances(text, bases) or makes_told_classes(config.definitions_for(path)))))


def _lint_parsed(text: str, path: str, config: Config, honour_pragmas: bool,
                 outgoing: list | None = None, adjust: Adjust | None = None,
                 outgoing_bases: frozenset[str] | None = None,
                 outgoing_config: Config | None = None) -> list[Finding]:
    try:
        with warnings.catch_warnings():
            # Python's parser warns about the user's code (invalid escapes, `is` with a literal):
            # not our findings, and they would clutter stderr.
            warnings.simplefilter("ignore")
            module = _parse_uncached(text, path)
    except AstroidSyntaxError as exc:
        error = exc.error if isinstance(getattr(exc, "error", None), SyntaxError) else None
        line = (error.lineno or 1) if error else 1
        reason = error.msg if error else str(exc)
        return [_analysis_failed(path, f"syntax error: {reason}", line)]
    except RecursionError:
        return [_analysis_failed(path, TOO_DEEP)]
    except (AstroidBuildingError, MemoryError, ValueError) as exc:
        return [_analysis_failed(path, f"could not parse: {type(exc).__name__}: {exc}")]
    findings = analyze_module(module, path, config, outgoing, adjust, outgoing_bases, outgoing_config)
    return reporting_decision.without_suppressed(findings, text) if honour_pragmas else findings


def graph_outgoing(text: str, path: str, config: Config, bases: frozenset[str] | None = None,
                   screen_instances: bool = True) -> list[list]:
    """The imported names this module's graph code calls or hands to a graph builder, for the
    project view: ``[base, attribute, method, line, how, confidence, arguments]`` each
    (GraphIndex.outgoing; ``arguments``: what its calls pass, call_data.outgoing_arguments),
    except calls that run once (behind a create-once guard: ``if not self._model: self.build()``).
    With ``bases``, only the references whose base name is one of them (the names the project
    view can follow into a project file: what a call passes is costly to find). Without
    ``screen_instances`` (the project view: no class the file may make has methods Keras traces),
    a file with no graph code is not analysed for the instances it makes. Empty when the file
    cannot hold graph code or cannot be analysed (its lint says why)."""
    if not _may_reach_out(text, path, config, bases=bases, screen_instances=screen_instances):
        return []
    _import_analysis()
    with parsing.lexical_builtins():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                module = _parse_uncached(text, path)
        except Exception:  # noqa: BLE001 - the file's own lint reports why it cannot be parsed
            return []
        try:
            return _outgoing_of_module(module, path, config, bases)
        finally:
            node_index.forget(module)


def _outgoing_of_module(module: nodes.Module, path: str, config: Config, bases: frozenset[str] | None) -> list[list]:
    try:
        index = GraphIndex(module, config, config.seeds_for(path))
        return _outgoing(index, ModuleContext(module, path, config, index), bases)
    except Exception:  # noqa: BLE001 - the file's own lint reports the internal error
        return []


def _outgoing(index: GraphIndex, context: ModuleContext, bases: frozenset[str] | None = None) -> list[list]:
    # The project view's rows of a file other files import: linting a file alone never loads these.
    from tfgraph_lint.analysis.call_data import outgoing_arguments
    from tfgraph_lint.analysis.first_calls import outgoing_first_calls
    from tfgraph_lint.analysis.keras_instance_rows import instance_rows
    from tfgraph_lint.analysis.keras_unconverted import outgoing_account

    once = context.runs_once
    return [[*key, *outgoing_account(index, key, found),
             outgoing_arguments(index, key, index.outgoing_sites.get(key)),
             outgoing_first_calls(index, key, index.outgoing_sites.get(key))]
            for key, found in index.outgoing.items()
            if (bases is None or key[0] in bases)
            and (key not in index.outgoing_calls or not once(*index.outgoing_calls[key]))] + [
        row for row in instance_rows(index, bases) if bases is None or row[0] in bases]


def _parse_uncached(text: str, path: str) -> nodes.Module:
    """The file's tree, built from its text alone (see :mod:`tfgraph_lint.analysis.parsing`)."""
    return parsing.parse_module(text, _module_name(path), path)


def lint_file(path: str, config: Config | None = None) -> list[Finding]:
    try:
        text = read_source(path)
    except UnreadableSource as exc:
        return [_analysis_failed(path, str(exc))]
    return lint_text(text, path, config)


def lint_text(text: str, path: str, config: Config | None = None) -> list[Finding]:
    """A file's findings from its text: a notebook (``*.ipynb``) or Python source."""
    return lint_notebook(text, path, config) if notebooks.is_notebook(path) else lint_source(text, path, config)


def lint_notebook(text: str, path: str, config: Config | None = None) -> list[Finding]:
    """A notebook's code cells linted as one module; each finding says its cell. A cell that does
    not parse is reported once and left out; the other cells are still linted."""
    try:
        notebook = notebooks.read(text)
    except notebooks.NotebookError as exc:
        return [_analysis_failed(path, str(exc))]
    from tfgraph_lint.core.notebook_prose import demonstrations  # notebooks only: its patterns cost

    findings = lint_source(notebook.source, path, config, adjust=demonstrations(notebook.cells))
    for cell in notebook.cells:
        if cell.error is not None:
            line, column, message = cell.error
            at = cell.first_line - 1 + line
            findings.append(Finding(ANALYSIS_FAILED, path, at, column, at, column,
                                    f"could not analyse: syntax error in cell {cell.number}: {message}; "
                                    "the other cells are linted"))
    return sorted((notebook.locate(f) for f in findings), key=lambda f: f.sort_key)


def _stdlib_syntax_error(text: str, path: str) -> Finding | None:
    try:
        with warnings.catch_warnings():  # SyntaxWarnings of the user's code are not our findings
            warnings.simplefilter("ignore")
            ast.parse(text + "\n", filename=path)  # as astroid parses, so messages agree
    except SyntaxError as exc:
        return _analysis_failed(path, f"syntax error: {exc.msg}", exc.lineno or 1)
    except RecursionError:
        return _analysis_failed(path, TOO_DEEP)
    except (ValueError, MemoryError) as exc:
        return _analysis_failed(path, f"could not parse: {type(exc).__name__}: {exc}")
    return None


def _module_name(path: str) -> str:
    stem = path.replace("\\", "/").rsplit("/", 1)[-1]
    for suffix in (".py", notebooks.SUFFIX):
        if stem.endswith(suffix):
            return stem[:-len(suffix)]
    return stem


# Deep nesting (a long chain of ``a + b + ...`` or ``x.a.b...``) exhausts Python's recursion limit
# in the parser, astroid or a tree walk. Raising the limit risks a hard crash of the interpreter.
TOO_DEEP = "code nested too deeply to analyse (Python's recursion limit)"


# Below this nesting depth no tree walk exhausts Python's recursion limit (1000 frames): there,
# a RecursionError is a bug (a cycle followed without end), not the input's fault.
_SHALLOW = 100


def _recursion_failure(module: nodes.Module, path: str, where: str, exc: RecursionError) -> Finding:
    if _nesting_depth(module) < _SHALLOW:
        return internal_error(path, where, exc)
    return _analysis_failed(path, f"code nested too deeply for {where} (Python's recursion limit)")


def _nesting_depth(module: nodes.Module) -> int:
    """The depth of the tree, measured without recursion (it runs after a RecursionError)."""
    deepest, stack = 0, [(module, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.get_children())
    return deepest


def _analysis_failed(path: str, reason: str, line: int = 1) -> Finding:
    return Finding(ANALYSIS_FAILED, path, line, 0, line, 0, f"could not analyse: {reason}")


class InternalErrorFinding(Finding, uncompared=("details",)):
    """A TFG002 finding that keeps the traceback, for ``--debug`` (not part of its identity)."""

    __slots__ = ("details",)
    details: str

    def __init__(self, *fields, details: str = "", **named) -> None:
        super().__init__(*fields, **named)
        self.details = details


def internal_error(path: str, where: str, exc: BaseException) -> Finding:
    """The TFG002 finding for a failure inside tfgraph-lint itself, located at the top of the file."""
    import traceback  # for a failure only

    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}" if frame else ""
    message = (f"internal error in {where}: {type(exc).__name__}: {exc}{at}; "
               "the file's other findings are still reported - please report this bug")
    return internal_error_finding(path, message, exc)


def internal_error_finding(path: str, message: str, exc: BaseException) -> Finding:
    import traceback  # for a failure only

    details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return InternalErrorFinding(INTERNAL_ERROR, path, 1, 0, 1, 0, message, details=details)
