"""The command line: ``tfgraph-lint check PATH...`` (or just ``tfgraph-lint PATH...``), ``rules``,
``explain``.

Exit codes: 0 no findings, 1 findings, 2 a usage error, a path that could not be read, or a file
that could not be analysed (a TFG0xx diagnostic). Every failure is a message, never a traceback.
"""

from __future__ import annotations

import difflib
import re
import sys

import click

import tfgraph_lint
from tfgraph_lint.cli import check_run, runner
from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core import docs, project_config
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.files import discover
from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES, Finding
from tfgraph_lint.core.registry import REMOVED, RULES, expand_selector, lookup
from tfgraph_lint.engine import internal_error_finding, lint_file
from tfgraph_lint.output import reporters
from tfgraph_lint.output.baseline import BaselineError
from tfgraph_lint.runtime.verify.command import verify_command

PROG = "tfgraph-lint"
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

_DOTTED_NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


class _DefaultToCheck(click.Group):
    """A group whose first argument, unless it names a command or a group option, starts ``check``.

    So ``tfgraph-lint src/`` and ``tfgraph-lint --select TFG1 src/`` work as ``check`` does; a path
    that happens to be called like a command is linted with ``tfgraph-lint check rules``.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        group_options = {opt for param in self.get_params(ctx) for opt in (*param.opts, *param.secondary_opts)}
        if not args or (args[0] not in self.commands and args[0] not in group_options):
            args = ["check", *args]  # no argument at all: check's own "missing PATH" usage error
        return super().parse_args(ctx, args)


@click.group(cls=_DefaultToCheck, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(tfgraph_lint.__version__, "--version", prog_name=PROG, message="%(prog)s %(version)s")
def cli() -> None:
    """Find Python code that behaves differently once TensorFlow traces it into a graph
    (@tf.function, Dataset.map, Keras train_step, ...).

    `tfgraph-lint PATH...` is short for `tfgraph-lint check PATH...`.
    """


@cli.command(short_help="Lint files and folders (the default command).")
@click.argument("paths", nargs=-1, required=True, type=click.Path(), metavar="PATH...")
@click.option("--select", multiple=True, metavar="RULES",
              help="Run only these rules: codes (TFG101), code prefixes (TFG1) or symbols, "
                   "comma-separated; repeatable. Default: all.")
@click.option("--ignore", multiple=True, metavar="RULES", help="Do not run these rules (same forms as --select).")
@click.option("--format", "output_format", type=click.Choice(reporters.FORMATS), default="text",
              show_default=True, help="json: a list of finding objects on stdout, nothing else; "
                                      "sarif: SARIF 2.1.0 (GitHub code scanning); github: GitHub "
                                      "Actions annotations.")
@click.option("--why", is_flag=True, help="Under each finding, show why its code is traced into a graph.")
@click.option("--keras-methods/--no-keras-methods", default=None,
              help="Treat call/train_step/test_step/predict_step of Keras subclasses as graph code "
                   "(default: yes, or keras-methods in the configuration).")
@click.option("--confidence", "confidence", multiple=True, metavar="LEVELS",
              help="Report only findings of these confidence levels, comma-separated: HIGH (the code "
                   "shows it), INFERENCE (one step the code does not spell out), LOW (a name alone). "
                   "Default: HIGH,INFERENCE, or confidence in the configuration.")
@click.option("--function-decorator", "function_decorators", multiple=True, metavar="NAME",
              help="Another tf.function-like decorator or wrapper, by its full dotted name "
                   "(e.g. tf_agents.utils.common.function); repeatable.")
# -- configuration, fixes, baselines and output details (project_config.py, check_run.py) --
@click.option("--config", "config_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Read settings from FILE (a pyproject.toml's [tool.tfgraph-lint], or a TOML file's "
                   "top level) instead of the nearest pyproject.toml; options given here still win.")
@click.option("--statistics", is_flag=True, help="Print how many findings each rule has, not the findings.")
@click.option("--show-source", is_flag=True, help="Show the flagged line under each finding, with a caret.")
@click.option("--fix", is_flag=True, help="Fix what can be fixed safely, in place; report what is left.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff instead of writing them.")
@click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Report only findings that are not recorded in FILE.")
@click.option("--write-baseline", is_flag=True, help="Record the current findings in the --baseline FILE.")
@click.option("-q", "--quiet", is_flag=True, help="No summary line.")
@click.option("--debug", is_flag=True, help="Print the traceback of each internal error (TFG002) on stderr.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), metavar="N",
              help="Lint on N processes. Default: one per CPU core.")
@click.option("--no-cache", is_flag=True,
              help="Lint every file again instead of reusing the findings cached for unchanged files "
                   "(in $XDG_CACHE_HOME/tfgraph-lint).")
@click.pass_context
def check(
    ctx: click.Context,
    paths: tuple[str, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    output_format: str,
    why: bool,
    keras_methods: bool,
    confidence: tuple[str, ...],
    function_decorators: tuple[str, ...],
    quiet: bool,
    debug: bool,
    config_file: str | None,
    statistics: bool,
    show_source: bool,
    fix: bool,
    diff: bool,
    baseline_file: str | None,
    write_baseline: bool,
    jobs: int | None,
    no_cache: bool,
) -> None:
    """Lint files and folders (folders: their *.py files, skipping hidden, venv and build folders).

    Run diagnostics (TFG0xx: a file could not be analysed) are always reported.
    """
    options = check_run.OutputOptions(
        output_format=output_format, why=why, show_source=show_source, statistics=statistics,
        quiet=quiet, fix=fix, diff=diff, baseline=baseline_file, write_baseline=write_baseline,
        color=output_format == "text" and reporters.use_color(sys.stdout),
        progress=reporters.is_terminal(sys.stderr),
    )
    if options.usage_problem():
        raise click.UsageError(options.usage_problem())
    settings = _project_settings(ctx, config_file)
    config = Config(
        enabled_codes=_enabled_codes(select, ignore, settings.enabled_codes()),
        extra_function_decorators=_decorator_names(function_decorators) or settings.function_decorators or (),
        keras_methods=keras_methods if keras_methods is not None else settings.keras_methods is not False,
        confidences=_confidences(confidence) or settings.confidence or DEFAULT_CONFIDENCES,
    )
    discovery = discover(paths)
    for problem in discovery.problems:
        click.echo(f"{PROG}: error: {problem}", err=True)
    files = [path for path in discovery.files if not settings.is_excluded(path)]
    totals = reporters.RunTotals(path_problems=len(discovery.problems))
    try:
        run = check_run.CheckRun(options, settings, lambda path: _lint(path, config), totals, discovery.problems)
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    run.start(len(files))
    cache = None if no_cache else ResultCache(config)
    # Streamed in order, so a large tree shows its first findings early.
    for path, findings in runner.lint_files(files, config, _lint, jobs=jobs, cache=cache):
        if debug:
            _show_tracebacks(findings)
        run.add(path, findings)
    try:
        run.finish()
    except BaselineError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
    if not quiet and not discovery.files and not discovery.problems:
        click.echo(f"{PROG}: warning: no Python files found in {', '.join(paths)}", err=True)
    if not quiet and output_format == "text":
        for line in run.summary_lines():
            click.echo(line, err=True)
    ctx.exit(run.exit_code(_exit_code(totals)))


@cli.command(short_help="List every rule.")
@click.option("--format", "table_format", type=click.Choice(docs.TABLE_FORMATS), default="text",
              show_default=True, help="markdown: the table in README.md.")
def rules(table_format: str) -> None:
    """List every rule: code, symbol, Pylint message id, severity and summary."""
    click.echo(docs.rules_table(table_format), nl=False)


@cli.command(short_help="Show a rule's documentation and examples.")
@click.argument("key", metavar="CODE|SYMBOL")
def explain(key: str) -> None:
    """Show a rule's documentation, with an example and what to use instead."""
    rule = lookup(key.strip())
    if rule is None:
        raise click.BadParameter(_unknown_rule(key, prefixes=False), param_hint="'CODE|SYMBOL'")
    click.echo(docs.explain_text(rule), nl=False)


# ``verify`` runs examples on real TensorFlow in worker processes; importing the command is cheap
# (click only): TensorFlow is imported by the workers, never by this process.
cli.add_command(verify_command)


def main(argv: list[str] | None = None) -> None:
    """The console script; exits with the run's exit code."""
    cli.main(args=argv, prog_name=PROG)


def _lint(path: str, config: Config) -> list[Finding]:
    try:
        return lint_file(path, config)
    # The engine already contains rule crashes; this is the last net, so one file never ends the run.
    except Exception as exc:  # pylint: disable=broad-exception-caught
        message = f"internal error while linting: {type(exc).__name__}: {exc}; please report this bug"
        return [internal_error_finding(path, message, exc)]


def _show_tracebacks(findings: list[Finding]) -> None:
    for finding in findings:
        details = getattr(finding, "details", "")  # only InternalErrorFinding has one
        if details:
            click.echo(f"{PROG}: debug: traceback of the internal error in {finding.path}:\n{details}", err=True)


def _exit_code(totals: reporters.RunTotals) -> int:
    if totals.path_problems or totals.files_not_analysed:
        return EXIT_ERROR
    return EXIT_FINDINGS if totals.findings else EXIT_CLEAN


def _items(values: tuple[str, ...]) -> list[str]:
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def _expand(items: list[str], option: str) -> set[str]:
    codes: set[str] = set()
    for item in items:
        try:
            codes |= expand_selector(item)
        except KeyError:
            raise click.BadParameter(_unknown_rule(item), param_hint=f"'{option}'") from None
    return codes


def _project_settings(ctx: click.Context, config_file: str | None) -> project_config.ProjectSettings:
    """The configuration file's settings; a file that cannot be used ends the run with exit 2."""
    try:
        return project_config.load(config_file)
    except project_config.ConfigError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)
        raise  # not reached: ctx.exit raises


def _confidences(values: tuple[str, ...]) -> frozenset[str] | None:
    if not values:
        return None
    try:
        return project_config.parse_confidences([part for value in values for part in value.split(",")])
    except project_config.ConfigError as exc:
        raise click.BadParameter(str(exc).replace("'confidence': ", ""), param_hint="'--confidence'") from None


def _enabled_codes(select: tuple[str, ...], ignore: tuple[str, ...], configured: frozenset[str]) -> frozenset[str]:
    """The command line's rule selection, on top of the configuration's (``configured``)."""
    chosen = _items(select)
    selected = _expand(chosen, "--select") if chosen else set(configured)
    ignored: set[str] = set()
    for item in _items(ignore):
        codes = _expand([item], "--ignore")
        if all(code.startswith("TFG0") for code in codes):
            # Ignoring it would change nothing; say so rather than let a failed file look clean.
            raise click.BadParameter(
                f"{item!r} names run diagnostics (TFG0xx), which are always reported: "
                "a file that could not be analysed must not pass silently",
                param_hint="'--ignore'",
            )
        ignored |= codes
    return frozenset(selected - ignored)


def _decorator_names(names: tuple[str, ...]) -> tuple[str, ...]:
    cleaned = []
    for name in names:
        dotted = name.strip().removeprefix("@")
        if not _DOTTED_NAME.match(dotted):
            raise click.BadParameter(f"{name!r} is not a dotted name like tf_agents.utils.common.function",
                                     param_hint="'--function-decorator'")
        cleaned.append(dotted)
    return tuple(cleaned)


def _unknown_rule(key: str, prefixes: bool = True) -> str:
    removed = {name.lower() for pair in REMOVED for name in pair}
    if key.strip().lower() in removed:
        return f"rule {key!r} was removed; `{PROG} rules` lists the current ones"
    names = {name.lower(): name for rule in RULES for name in (rule.code, rule.symbol)}
    close = [names[m] for m in difflib.get_close_matches(key.strip().lower(), names, n=3, cutoff=0.6)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    forms = "a code like TFG101, a prefix like TFG1 or a symbol" if prefixes else "a code like TFG101 or a symbol"
    return f"unknown rule {key!r}{hint} (use {forms}; `{PROG} rules` lists them)"
