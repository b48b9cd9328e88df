"""The command line: ``tfgraph-lint check PATH...`` (or just ``tfgraph-lint PATH...``), ``rules``,
``explain``.

Exit codes: 0 no findings, 1 findings, 2 a usage error, a path that could not be read, or a file
that could not be analysed (a TFG0xx diagnostic). Every failure is a message, never a traceback.

Imports are kept off the paths that do not need them: ``--help`` and ``--version`` load neither
the engine nor astroid; a run loads the engine (``engine`` imports astroid and the rules) only
when a file passes the text screen, and libcst only for ``--fix``/``--diff``.
"""

from __future__ import annotations

import copy
import os
import re
import sys
from typing import TYPE_CHECKING

import click

from tfgraph_lint.cli import astroid_brains, collector
from tfgraph_lint.cli.runtime_commands import RUNTIME_COMMANDS as _RUNTIME_COMMANDS
from tfgraph_lint.core import project_config
from tfgraph_lint.core.measured_defaults import LEVELS, OPT_IN
from tfgraph_lint.core.registry import REMOVED, RULES, expand_selector, lookup
from tfgraph_lint.output import reporters
from tfgraph_lint.core.lazy_pattern import LazyPattern

if TYPE_CHECKING:
    from tfgraph_lint.cli import check_run

PROG = "tfgraph-lint"
# core/docs.py's table formats (a test holds them equal): the docs are loaded by `rules` and
# `explain` alone.
TABLE_FORMATS = ("text", "markdown")
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

_DOTTED_NAME = LazyPattern(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


class _DefaultToCheck(click.Group):
    """A group whose first argument, unless it names a command or a group option, starts ``check``.

    So ``tfgraph-lint src/`` and ``tfgraph-lint --select TFG1 src/`` work as ``check`` does; a path
    that happens to be called like a command is linted with ``tfgraph-lint check rules``.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        group_options = {opt for param in self.get_params(ctx) for opt in (*param.opts, *param.secondary_opts)}
        if not args or (args[0] not in self.commands and args[0] not in _RUNTIME_COMMANDS
                        and args[0] not in group_options):
            args = ["check", *args]  # no argument at all: check lints the current folder
        return super().parse_args(ctx, args)

    # ``verify`` and ``trace`` are imported when asked for: a lint run need not load them.
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_RUNTIME_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in _RUNTIME_COMMANDS and cmd_name not in self.commands:
            self.add_command(_RUNTIME_COMMANDS[cmd_name](), cmd_name)
        return super().get_command(ctx, cmd_name)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    import tfgraph_lint  # the version is read from the package metadata on first use

    click.echo(f"{PROG} {tfgraph_lint.__version__}")
    ctx.exit()


@click.group(cls=_DefaultToCheck, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("-V", "--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version and exit.")
def cli() -> None:
    """Find Python code that behaves differently once TensorFlow traces it into a graph
    (@tf.function, Dataset.map, Keras train_step, ...).

    `tfgraph-lint PATH...` is short for `tfgraph-lint check PATH...`; with no PATH, the current
    folder is linted.
    """


@cli.command(short_help="Lint files and folders (the default command).")
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PATH]...")
@click.option("--select", multiple=True, metavar="RULES",
              help="Run only these rules: codes (TFG101), code prefixes (TFG1) or symbols, "
                   "comma-separated; repeatable. Default: all but the opt-in rules "
                   f"({', '.join(sorted(OPT_IN))}).")
@click.option("--extend-select", multiple=True, metavar="RULES",
              help="Run these rules on top of the selection (same forms as --select), e.g. an "
                   "opt-in rule.")
@click.option("--ignore", multiple=True, metavar="RULES",
              help="Do not run these rules (same forms as --select), on top of the configuration's ignore.")
@click.option("--extend-ignore", multiple=True, metavar="RULES",
              help="Do not run these rules either, on top of the configuration's ignore (as --ignore).")
@click.option("--exclude", multiple=True, metavar="GLOBS",
              help="Files and folders not to lint, also when named (globs relative to the current "
                   "folder, comma-separated; repeatable), on top of the configuration's exclude.")
@click.option("--extend-exclude", multiple=True, metavar="GLOBS",
              help="Files and folders not to lint, on top of the configuration's exclude (as --exclude).")
@click.option("--per-file-ignores", multiple=True, metavar="GLOB:RULES",
              help="Rules not reported in the files GLOB matches, e.g. 'tests/**:TFG3,python-print-in-graph'; "
                   "repeatable, on top of the configuration's per-file-ignores.")
@click.option("--output-format", "--format", "output_format",
              type=click.Choice((*reporters.FORMATS, *reporters.FORMAT_ALIASES)), default="concise",
              show_default=True,
              help="concise: one line per finding; full: with the flagged source line; json: a list of "
                   "finding objects, nothing else; json-lines: one object per line; sarif: SARIF 2.1.0 "
                   "(GitHub code scanning); github: GitHub Actions annotations; pylint: Pylint's "
                   "parseable lines; junit: JUnit XML. --format is the older name (text: concise).")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the findings (in the chosen format) to FILE instead of standard output.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (2 still means an error).")
@click.option("--color", "color_mode", type=click.Choice(reporters.COLOR_MODES), default="auto",
              show_default=True, help="Color the text output: auto (on a terminal, unless NO_COLOR is "
                                      "set; FORCE_COLOR forces it), always or never.")
@click.option("--stdin-filename", metavar="NAME",
              help="With PATH '-' (standard input): the file name to report, and to match against "
                   "exclude and per-file-ignores.")
@click.option("--why", is_flag=True, help="Under each finding, show why its code is traced into a graph.")
@click.option("--keras-methods/--no-keras-methods", default=None,
              help="Treat what Keras traces as graph code: call/train_step/... of Keras subclasses, "
                   "metric/loss/optimizer methods, functions handed to compile() or a layer "
                   "(default: yes, or keras-methods in the configuration).")
@click.option("--confidence", "confidence", multiple=True, metavar="LEVELS",
              help="Report only findings of these confidence levels, comma-separated: HIGH (the code "
                   "shows it), INFERENCE (one step the code does not spell out), LOW (a name alone). "
                   "Applies to every rule that runs. Default: confidence in the configuration, else each "
                   f"rule's measured levels (HIGH,INFERENCE; HIGH alone for {', '.join(sorted(LEVELS))}).")
@click.option("--function-decorator", "function_decorators", multiple=True, metavar="NAME",
              help="Another tf.function-like decorator or wrapper, by its full dotted name "
                   "(e.g. tf_agents.utils.common.function); repeatable.")
# -- configuration, fixes, baselines and output details (project_config.py, check_run.py) --
@click.option("--config", "config_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Read settings from FILE (a pyproject.toml's [tool.tfgraph-lint], or a TOML file's "
                   "top level) for every file, instead of the configuration closest to each file; "
                   "options given here still win.")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file: defaults and these options only.")
@click.option("--show-settings", "show_settings", type=click.Path(), metavar="FILE",
              help="Print the settings FILE is linted with, and the configuration file they come from; lint nothing.")
@click.option("--show-files", is_flag=True, help="Print the files that would be linted; lint nothing.")
@click.option("--respect-gitignore/--no-respect-gitignore", default=True,
              help="Skip what .gitignore (and git's other exclude files) ignore when walking folders "
                   "(default: yes; needs git and a git work tree). Files named here are always linted.")
@click.option("--add-noqa", is_flag=True,
              help="Add a '# pylint: disable=SYMBOL' comment to each line with a finding, so the current "
                   "findings are accepted (adopting the linter on existing code).")
@click.option("--info", "show_info", is_flag=True,
              help="Also report informational messages: I0013 file-ignored, a file a pragma skips whole.")
@click.option("--notebooks/--no-notebooks", default=None,
              help="Lint the Jupyter notebooks (*.ipynb) found in folders (default; config key "
                   "'notebooks'). A notebook named on the command line is always linted.")
@click.option("--statistics", is_flag=True, help="Print how many findings each rule has, not the findings.")
@click.option("--show-source", is_flag=True, help="Show the flagged line under each finding, with a caret.")
@click.option("--fix", is_flag=True, help="Fix what can be fixed safely, in place; report what is left.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff instead of writing them.")
@click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Report only findings that are not recorded in FILE.")
@click.option("--write-baseline", is_flag=True, help="Record the current findings in the --baseline FILE.")
@click.option("-q", "--quiet", is_flag=True,
              help="Findings only: no summary, no warnings, no progress.")
@click.option("--debug", is_flag=True, help="Print the traceback of each internal error (TFG002) on stderr.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), metavar="N",
              help="Lint on N processes. Default: one per CPU core.")
@click.option("--no-cache", is_flag=True,
              help="Lint every file again instead of reusing the findings cached for unchanged files "
                   "(in $XDG_CACHE_HOME/tfgraph-lint, else the platform's user cache folder).")
@click.pass_context
def check(ctx: click.Context, paths: tuple[str, ...], **given) -> None:
    """Lint files and folders (folders: their *.py files and notebooks, skipping hidden, venv and build
    folders and what .gitignore ignores); the current folder when no PATH is given, standard input for
    PATH '-'. Each file uses the configuration closest to it (tfgraph-lint.toml, or pyproject.toml with
    [tool.tfgraph-lint]); options given here win over it.

    Run diagnostics (TFG0xx: a file could not be analysed) are always reported.
    """
    # The run's machinery (output, baselines, SARIF, the runner) is imported only for a run.
    from tfgraph_lint.cli import check_flow, check_run
    from tfgraph_lint.core.settings_discovery import SettingsFinder

    stdin_filename = given["stdin_filename"]
    stdin = _reads_stdin(paths, stdin_filename)
    paths = paths or (".",)
    output_format = reporters.FORMAT_ALIASES.get(given["output_format"], given["output_format"])
    output_file = given["output_file"]
    color_mode = given["color_mode"]
    text_output = output_format in ("concise", "full")
    color = text_output and (
        color_mode == "always" or (color_mode == "auto" and not output_file and reporters.use_color(sys.stdout)))
    quiet = given["quiet"]
    options = check_run.OutputOptions(
        output_format="text" if text_output else output_format, why=given["why"],
        show_source=given["show_source"] or output_format == "full", statistics=given["statistics"],
        quiet=quiet, fix=given["fix"], diff=given["diff"], baseline=given["baseline_file"],
        write_baseline=given["write_baseline"], color=color,
        progress=not quiet and reporters.is_terminal(sys.stderr), stdin=stdin, add_noqa=given["add_noqa"],
        show_info=given["show_info"],
    )
    if options.usage_problem():
        raise click.UsageError(options.usage_problem())
    command_line = _command_line(given)
    finder = SettingsFinder(config_file=given["config_file"], isolated=given["isolated"])
    try:
        finder.fallback()  # a --config FILE that cannot be used ends the run before anything else
        if given["show_settings"] is not None:
            if not os.path.exists(given["show_settings"]):
                click.echo(f"{PROG}: error: path not found: {given['show_settings']}", err=True)
                ctx.exit(EXIT_ERROR)
            _show_settings(given["show_settings"], finder, command_line)
            return
        run_options = check_flow.RunOptions(jobs=given["jobs"], no_cache=given["no_cache"], debug=given["debug"],
                                            exit_zero=given["exit_zero"],
                                            respect_gitignore=given["respect_gitignore"],
                                            show_files=given["show_files"])
        out = _open_output(ctx, output_file)
        try:
            if stdin:
                check_flow.check_stdin(ctx, stdin_filename or "-", options, finder, command_line, out,
                                       run_options)
            else:
                check_flow.check_paths(ctx, paths, options, finder, command_line, out, run_options)
        finally:
            if out is not None:
                out.close()
    except project_config.ConfigError as exc:
        click.echo(f"{PROG}: error: {exc}", err=True)
        ctx.exit(EXIT_ERROR)


def _command_line(given: dict):
    """The options that override the configuration files' keys."""
    from tfgraph_lint.core.settings_discovery import CommandLine

    chosen = _items(given["select"])
    ignore = _items(given["ignore"]) + _items(given["extend_ignore"])
    _refuse_diagnostic_items(ignore, "--ignore")
    return CommandLine(
        select=frozenset(_expand(chosen, "--select")) if chosen else None,
        extend_select=frozenset(_expand(_items(given["extend_select"]), "--extend-select")),
        ignore=frozenset(_expand(ignore, "--ignore")),
        exclude=tuple(_items(given["exclude"]) + _items(given["extend_exclude"])),
        per_file_ignores=_per_file_ignores(given["per_file_ignores"]),
        function_decorators=_decorator_names(given["function_decorators"]),
        keras_methods=given["keras_methods"],
        confidence=_confidences(given["confidence"]),
        notebooks=given["notebooks"],
    )


def _show_settings(path: str, finder, command_line) -> None:
    from tfgraph_lint.core.settings_discovery import describe

    from_file = finder.settings_for(path)
    settings = command_line.settings(from_file)
    click.echo("\n".join(describe(path, settings, command_line.config(from_file),
                                  command_line.lints_notebooks(from_file))))


def _reads_stdin(paths: tuple[str, ...], stdin_filename: str | None) -> bool:
    if "-" in paths and len(paths) > 1:
        raise click.UsageError("'-' (standard input) cannot be combined with other paths")
    if stdin_filename is not None and paths and paths != ("-",):
        raise click.UsageError("--stdin-filename names standard input: give PATH '-' (or no PATH)")
    return paths == ("-",) or (not paths and stdin_filename is not None)


def _open_output(ctx: click.Context, output_file: str | None):
    if output_file is None:
        return None
    try:
        return open(output_file, "w", encoding="utf-8")
    except OSError as exc:
        click.echo(f"{PROG}: error: cannot write {output_file}: {exc.strerror or exc}", err=True)
        ctx.exit(EXIT_ERROR)
        raise  # not reached: ctx.exit raises


def _per_file_ignores(values: tuple[str, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    pairs = []
    for value in values:
        glob, colon, names = value.rpartition(":")
        items = [name for name in re.split(r"[,\s]+", names) if name]
        if not colon or not glob.strip() or not items:
            raise click.BadParameter(f"{value!r} is not GLOB:RULES, e.g. 'tests/**:TFG3,python-print-in-graph'",
                                     param_hint="'--per-file-ignores'")
        _refuse_diagnostic_items(items, "--per-file-ignores")
        pairs.append((glob.strip(), frozenset(_expand(items, "--per-file-ignores"))))
    return tuple(pairs)


@cli.command(short_help="List every rule.")
@click.option("--format", "table_format", type=click.Choice(TABLE_FORMATS), default="text",
              show_default=True, help="markdown: the table in README.md.")
def rules(table_format: str) -> None:
    """List every rule: code, symbol, Pylint message id, severity and summary."""
    from tfgraph_lint.core import docs

    click.echo(docs.rules_table(table_format), nl=False)


@cli.command(short_help="Show a rule's documentation and examples (or a family's rules).")
@click.argument("key", metavar="CODE|SYMBOL|PREFIX")
def explain(key: str) -> None:
    """Show a rule's documentation, with an example and what to use instead, and where its page
    is (docs/rules/CODE.md); for a code prefix (TFG1), list the rules it covers.
    `tfgraph-lint rule CODE` is the same (ruff's spelling)."""
    rule = lookup(key.strip())
    if rule is not None:
        from tfgraph_lint.core import docs

        click.echo(docs.explain_text(rule), nl=False)
        return
    try:
        codes = expand_selector(key.strip())
    except KeyError:
        raise click.BadParameter(_unknown_rule(key), param_hint="'CODE|SYMBOL|PREFIX'") from None
    chosen = [rule for rule in RULES if rule.code in codes]
    width = max(len(rule.symbol) for rule in chosen)
    click.echo(f"{len(chosen)} rules start with {key.strip().upper()}:")
    for rule in chosen:
        click.echo(f"  {rule.code}  {rule.symbol:<{width}}  {rule.summary}")
    click.echo(f"`{PROG} explain CODE` shows one rule's documentation.")


_rule = copy.copy(explain)  # the same command under ruff's name, listed as such
_rule.short_help = "The same as explain (ruff's spelling)."
cli.add_command(_rule, name="rule")


def main(argv: list[str] | None = None) -> None:
    """The console script; exits with the run's exit code."""
    collector.no_final_collection()
    astroid_brains.skip_brains()  # (before anything imports astroid)
    cli.main(args=argv, prog_name=PROG)


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


def _confidences(values: tuple[str, ...]) -> frozenset[str] | None:
    if not values:
        return None
    try:
        return project_config.parse_confidences([part for value in values for part in value.split(",")])
    except project_config.ConfigError as exc:
        raise click.BadParameter(str(exc).replace("'confidence': ", ""), param_hint="'--confidence'") from None


def _refuse_diagnostic_items(items: list[str], option: str) -> None:
    for item in items:
        if all(code.startswith("TFG0") for code in _expand([item], option)):
            # Ignoring it would change nothing; say so rather than let a failed file look clean.
            raise click.BadParameter(
                f"{item!r} names run diagnostics (TFG0xx), which are always reported: "
                "a file that could not be analysed must not pass silently",
                param_hint=f"'{option}'",
            )


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
    import difflib  # for a misspelt name only

    close = [names[m] for m in difflib.get_close_matches(key.strip().lower(), names, n=3, cutoff=0.6)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    forms = "a code like TFG101, a prefix like TFG1 or a symbol" if prefixes else "a code like TFG101 or a symbol"
    return f"unknown rule {key!r}{hint} (use {forms}; `{PROG} rules` lists them)"
