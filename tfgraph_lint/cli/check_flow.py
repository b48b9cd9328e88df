"""How ``tfgraph-lint check`` runs: files (or standard input) to findings to output and an exit code.

``commands.py`` turns the options into the command line's settings; this module discovers the
files, finds the configuration of each (``settings_discovery``) and what is decided about it
(``reporting_decision``: excluded or not), lints the files of each configuration together
(``runner``, with their projects' view), hands the findings to ``check_run`` and ends with the
exit code. Files come out in sorted order within each configuration file's group, the groups in
the order of their first file (one group, the usual case: sorted order). The engine, and so
astroid and the rules, is imported only when a file is linted.
"""

from __future__ import annotations

import sys

import click

from tfgraph_lint.cli import check_run, project, runner
from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core import notebooks
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import discover
from tfgraph_lint.core.hidden_findings import HiddenCounts, widened
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.project_config import ProjectSettings
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import ANALYSIS_FAILED
from tfgraph_lint.core.reporting_decision import FileDecision
from tfgraph_lint.core.settings_discovery import CommandLine, SettingsFinder
from tfgraph_lint.core.source import UnreadableSource, decode_source
from tfgraph_lint.output import reporters
from tfgraph_lint.output.baseline import BaselineError

PROG = "tfgraph-lint"
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class RunOptions(Record):
    """How the files are found and linted (not what is shown: check_run.OutputOptions)."""
    __slots__ = ("jobs", "no_cache", "debug", "exit_zero", "respect_gitignore", "show_files")

    jobs: int | None
    no_cache: bool
    debug: bool
    exit_zero: bool
    respect_gitignore: bool
    show_files: bool

    def __init__(self, jobs: int | None = None, no_cache: bool = False, debug: bool = False,
                 exit_zero: bool = False, respect_gitignore: bool = True, show_files: bool = False) -> None:
        self.jobs = jobs
        self.no_cache = no_cache
        self.debug = debug
        self.exit_zero = exit_zero
        self.respect_gitignore = respect_gitignore
        self.show_files = show_files


class _Group(Record):
    """The files one configuration file governs, linted with one engine configuration."""
    __slots__ = ("config", "opt_in_left_off", "files")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable

    config: Config
    opt_in_left_off: frozenset[str]  # opt-in rules off by default, not by choice: their findings are counted
    files: list[str]

    def __init__(self, config: Config, opt_in_left_off: frozenset[str],
                 files: list[str] | None = None) -> None:
        self.config = config
        self.opt_in_left_off = opt_in_left_off
        self.files = [] if files is None else files


def check_paths(ctx: click.Context, paths: tuple[str, ...], options: check_run.OutputOptions,
                finder: SettingsFinder, command_line: CommandLine, out, run_options: RunOptions) -> None:
    discovery = discover(paths, respect_gitignore=run_options.respect_gitignore)
    for problem in discovery.problems:
        click.echo(f"{PROG}: error: {problem}", err=True)
    decisions: dict[str, FileDecision] = {}
    groups: dict[object, _Group] = {}
    resolved: dict[int, ProjectSettings] = {}  # one object per configuration file
    for path in discovery.files:
        from_file = finder.settings_for(path)
        if id(from_file) not in resolved:
            resolved[id(from_file)] = command_line.settings(from_file)
        decision = FileDecision(path, resolved[id(from_file)])
        if decision.excluded:
            continue
        if (notebooks.is_notebook(path) and path not in discovery.named
                and not command_line.lints_notebooks(from_file)):
            continue
        decisions[path] = decision
        if from_file.path not in groups:  # one Config per configuration file, not per linted file
            groups[from_file.path] = _Group(command_line.config(from_file), command_line.opt_in_left_off(from_file))
        groups[from_file.path].files.append(path)
    files = list(decisions)
    if run_options.show_files:
        for path in files:
            click.echo(path, file=out)
        ctx.exit(EXIT_ERROR if discovery.problems else EXIT_CLEAN)
    configs = {path: group.config for group in groups.values() for path in group.files}
    totals = reporters.RunTotals(path_problems=len(discovery.problems))
    try:
        run = check_run.CheckRun(options, decisions.__getitem__, lambda path: lint(path, configs[path]), totals,
                                 discovery.problems, out=out)
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    run.start(len(files))
    run.hidden = HiddenCounts()
    warn = None if options.quiet else (lambda message: click.echo(f"{PROG}: warning: {message}", err=True))
    for group in groups.values():
        for path, findings in _lint_group(group, decisions, warn, run_options):
            if run_options.debug:
                _show_tracebacks(findings)
            # What per-file-ignores drop is not hidden by a default: it is not counted.
            run.add(path, run.hidden.split(decisions[path].reported(findings), configs[path]))
    _finish(ctx, run, totals, options, run_options.exit_zero,
            no_files=not discovery.files and not discovery.problems, paths=paths)


def _lint_group(group: _Group, decisions: dict[str, FileDecision], warn, run_options: RunOptions):
    """``(path, findings)`` for the group's files, in order, with their projects' view; linted with
    what the group's defaults hide too, which the caller counts apart."""
    config = widened(group.config, group.opt_in_left_off) or group.config
    cache = None if run_options.no_cache else ResultCache(config)
    linted: dict[str, list[Finding]] = {}
    is_excluded = _excluded_by(decisions)
    config = project.with_project_seeds(group.files, config, is_excluded, cache, warn, run_options.jobs, linted)
    if cache is not None:
        cache = cache.for_config(config)  # keys now include each file's seeds
    # Linted while the project view was built, with what it gives each file (a file in an import
    # cycle only when it gives that file nothing): (digest of the text linted, findings).
    # Streamed in order, so a large tree shows its first findings early.
    yield from runner.lint_files(group.files, config, lint, jobs=run_options.jobs, cache=cache, linted=linted)


def _excluded_by(decisions: dict[str, FileDecision]):
    """Whether a file of the project view is excluded, by the settings of the linted files (one
    set of settings per group; their globs apply to the project's other files too)."""
    settings = {id(d.settings): d.settings for d in decisions.values()}
    return lambda path: any(FileDecision(path, s).excluded for s in settings.values())


def check_stdin(ctx: click.Context, name: str, options: check_run.OutputOptions, finder: SettingsFinder,
                command_line: CommandLine, out, run_options: RunOptions) -> None:
    """One file from standard input, reported under ``name``, as editors use it
    (``--stdin-filename``): linted with that file's configuration and its project's view (the
    project's other files as they are on disk), so a buffer gets the findings the saved file gets."""
    stream = getattr(sys.stdin, "buffer", None)
    data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    from_file = finder.settings_for(name) if name != "-" else finder.fallback()
    decision = FileDecision(name, command_line.settings(from_file))
    config = command_line.config(from_file)
    totals = reporters.RunTotals()
    try:
        run = check_run.CheckRun(options, lambda _path: decision, lambda path: lint(path, config), totals, out=out)
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    if name != "-" and decision.excluded:
        _finish(ctx, run, totals, options, run_options.exit_zero)
        return
    try:
        text = decode_source(data)
    except UnreadableSource as exc:
        findings = [Finding(ANALYSIS_FAILED, name, 1, 0, 1, 0, f"could not analyse: {exc}")]
    else:
        run.set_text(name, text)
        run.hidden = HiddenCounts()
        user_config, config = config, widened(config, command_line.opt_in_left_off(from_file)) or config
        if name != "-" and name.endswith(".py"):
            cache = None if run_options.no_cache else ResultCache(config)
            config = project.with_project_seeds([name], config, _excluded_by({name: decision}), cache, None,
                                                run_options.jobs)
        findings = run.hidden.split(decision.reported(lint_text(text, name, config)), user_config)
    run.start(1)
    run.add(name, findings)
    _finish(ctx, run, totals, options, run_options.exit_zero)


def _finish(ctx: click.Context, run: check_run.CheckRun, totals: reporters.RunTotals,
            options: check_run.OutputOptions, exit_zero: bool, no_files: bool = False,
            paths: tuple[str, ...] = ()) -> None:
    try:
        run.finish()
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    if no_files:  # a wrong path more likely than a clean project: nothing was linted
        click.echo(f"{PROG}: error: no Python files found in {', '.join(paths)} (folders are searched for "
                   "*.py files and notebooks)", err=True)
        ctx.exit(EXIT_ERROR)
    if not options.quiet and options.output_format == "text":
        for line in run.summary_lines():
            click.echo(line, err=True)
    elif not options.quiet:
        for line in run.hint_lines():  # JSON stays a list of findings: the count goes to stderr
            click.echo(line, err=True)
    code = run.exit_code(_exit_code(totals))
    ctx.exit(EXIT_CLEAN if exit_zero and code == EXIT_FINDINGS else code)


def lint_file(path: str, config: Config) -> list[Finding]:
    """The engine's ``lint_file``, imported on first use: astroid and the rules load only for a run
    that lints a file (and then only once it passes the text screen; see engine.lint_source)."""
    from tfgraph_lint.engine import lint_file as engine_lint_file

    return engine_lint_file(path, config)


def lint(path: str, config: Config) -> list[Finding]:
    """One file's findings; module-level, so worker processes get it by reference."""
    try:
        return lint_file(path, config)
    # The engine already contains rule crashes; this is the last net, so one file never ends the run.
    except Exception as exc:  # pylint: disable=broad-exception-caught
        return [_last_net(path, exc)]


def lint_text(text: str, name: str, config: Config) -> list[Finding]:
    from tfgraph_lint.engine import lint_text as engine_lint_text

    try:
        return engine_lint_text(text, name, config)  # a notebook when the name ends in .ipynb
    except Exception as exc:  # pylint: disable=broad-exception-caught
        return [_last_net(name, exc)]


def _last_net(path: str, exc: Exception) -> Finding:
    from tfgraph_lint.engine import internal_error_finding

    message = f"internal error while linting: {type(exc).__name__}: {exc}; please report this bug"
    return internal_error_finding(path, message, exc)


def _show_tracebacks(findings: list[Finding]) -> None:
    for finding in findings:
        details = getattr(finding, "details", "")  # only InternalErrorFinding has one
        if details:
            click.echo(f"{PROG}: debug: traceback of the internal error in {finding.path}:\n{details}", err=True)


def _exit_code(totals: reporters.RunTotals) -> int:
    if totals.path_problems or totals.files_not_analysed:
        return EXIT_ERROR
    return EXIT_FINDINGS if totals.findings else EXIT_CLEAN
