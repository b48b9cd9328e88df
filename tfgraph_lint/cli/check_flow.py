"""How ``tfgraph-lint check`` runs: files (or standard input) to findings to output and an exit code.

``commands.py`` turns the options into settings; this module discovers the files, lints them
(``runner``), hands the findings to ``check_run`` and ends with the exit code. The engine, and so
astroid and the rules, is imported only when a file is linted.
"""

from __future__ import annotations

import sys

import click

from tfgraph_lint.cli import check_run, project, runner
from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core import project_config
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import discover
from tfgraph_lint.core.hidden_findings import HiddenCounts, widened
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import ANALYSIS_FAILED
from tfgraph_lint.core.source import UnreadableSource, decode_source
from tfgraph_lint.output import reporters
from tfgraph_lint.output.baseline import BaselineError

PROG = "tfgraph-lint"
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def check_paths(ctx: click.Context, paths: tuple[str, ...], options: check_run.OutputOptions,
                 settings: project_config.ProjectSettings, config: Config, out, *, jobs: int | None,
                 no_cache: bool, debug: bool, exit_zero: bool, notebooks: bool = True) -> None:
    discovery = discover(paths, notebooks=notebooks)
    for problem in discovery.problems:
        click.echo(f"{PROG}: error: {problem}", err=True)
    files = [path for path in discovery.files if not settings.is_excluded(path)]
    totals = reporters.RunTotals(path_problems=len(discovery.problems))
    try:
        run = check_run.CheckRun(options, settings, lambda path: lint(path, config), totals,
                                 discovery.problems, out=out)
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    run.start(len(files))
    run.hidden, user_config = HiddenCounts(), config
    config = widened(config) or config  # what the defaults hide is linted too, and counted
    cache = None if no_cache else ResultCache(config)
    warn = None if options.quiet else (lambda message: click.echo(f"{PROG}: warning: {message}", err=True))
    linted: dict[str, list[Finding]] = {}
    config = project.with_project_seeds(files, config, settings.is_excluded, cache, warn, jobs, linted)
    if cache is not None:
        cache = ResultCache(config)  # keys now include each file's seeds
    # Linted while the project view was built (knowing what its imports of the project are), and
    # final where the view gives the file nothing more.
    final = {path: found for path, found in linted.items()
             if not config.seeds_for(path) and not config.tf_functions_for(path)}
    # Streamed in order, so a large tree shows its first findings early.
    for path, findings in runner.lint_files(files, config, lint, jobs=jobs, cache=cache, linted=final):
        if debug:
            _show_tracebacks(findings)
        run.add(path, run.hidden.split(findings, user_config))
    _finish(ctx, run, totals, options, exit_zero,
            no_files=not discovery.files and not discovery.problems, paths=paths)


def check_stdin(ctx: click.Context, name: str, options: check_run.OutputOptions,
                 settings: project_config.ProjectSettings, config: Config, out, *, exit_zero: bool = False) -> None:
    """One file from standard input, reported (and matched against exclude and per-file-ignores)
    under ``name``, as editors use it (``--stdin-filename``)."""
    stream = getattr(sys.stdin, "buffer", None)
    data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    totals = reporters.RunTotals()
    try:
        run = check_run.CheckRun(options, settings, lambda path: lint(path, config), totals, out=out)
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    if name != "-" and settings.is_excluded(name):
        _finish(ctx, run, totals, options, exit_zero)
        return
    try:
        text = decode_source(data)
    except UnreadableSource as exc:
        findings = [Finding(ANALYSIS_FAILED, name, 1, 0, 1, 0, f"could not analyse: {exc}")]
    else:
        run.set_text(name, text)
        run.hidden = HiddenCounts()
        findings = run.hidden.split(lint_text(text, name, widened(config) or config), config)
    run.start(1)
    run.add(name, findings)
    _finish(ctx, run, totals, options, exit_zero)


def _finish(ctx: click.Context, run: check_run.CheckRun, totals: reporters.RunTotals,
            options: check_run.OutputOptions, exit_zero: bool, no_files: bool = False,
            paths: tuple[str, ...] = ()) -> None:
    try:
        run.finish()
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    if not options.quiet and no_files:
        click.echo(f"{PROG}: warning: no Python files found in {', '.join(paths)}", err=True)
    if not options.quiet and options.output_format == "text":
        for line in run.summary_lines():
            click.echo(line, err=True)
    elif not options.quiet and run.hidden is not None:
        for line in run.hidden.hint_lines():  # JSON stays a list of findings: the count goes to stderr
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
