"""``tfgraph-lint trace``: run a program on TensorFlow and explain every retrace of its tf.functions.

    tfgraph-lint trace [OPTIONS] script.py [ARGS...]
    tfgraph-lint trace [OPTIONS] -m package.module [ARGS...]

The program runs in a child process (``launcher``) exactly as ``python`` would run it; this
process never imports TensorFlow. When the program has ended, the report goes to stderr (or
``--output FILE``), as text or JSON.

Exit status: the program's own; 2 when the script or module does not exist, when ``--device gpu``
finds no GPU, or on a bad option; 1 when the program ended with 0 but a function traced more often
than ``--max-traces`` allows. A program killed by a signal N exits 128 + N, as in a shell.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile

import click

_BUDGET = re.compile(r"^(?:(?P<name>[^=]+)=)?(?P<count>\d+)$")


@click.command("trace", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
               short_help="Run a program and explain each retrace of its tf.functions.")
@click.option("-m", "module", metavar="MODULE", help="Run a module as `python -m MODULE` would.")
@click.option("--device", type=click.Choice(["cpu", "gpu", "auto"]), default="cpu", show_default=True,
              help="cpu hides GPUs from TensorFlow; gpu requires one; auto uses one when present.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: a line per tf.function and each retrace's cause; json: the same as one object.")
@click.option("--output", "output_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the report to FILE instead of standard error.")
@click.option("--max-traces", "budgets", multiple=True, metavar="[NAME=]N",
              help="Exit 1 when a tf.function traced more than N times (NAME=N: only the function "
                   "called NAME, by name or qualified name); repeatable. Checked when the program "
                   "ended with status 0.")
@click.option("--all", "show_all", is_flag=True, help="List every tf.function, not only those that retraced.")
@click.argument("program", nargs=-1, type=click.UNPROCESSED, metavar="[SCRIPT] [ARGS]...")
def trace_command(module: str | None, device: str, output_format: str, output_file: str | None,
                  budgets: tuple[str, ...], show_all: bool, program: tuple[str, ...]) -> None:
    """Run a Python program on TensorFlow and explain each retrace of its tf.functions.

    Runs SCRIPT (or -m MODULE) with ARGS as python would (same sys.argv, __main__, exit
    status, untouched output), then reports per tf.function its calls, traces and tracing time,
    and for each retrace the call site and the argument that changed, with the static rule that
    predicts it and the fix. Options go before the script; what follows it is the program's.
    """
    parsed = _budgets(budgets)
    if module is None:
        if not program:
            raise click.UsageError("give a script to run (tfgraph-lint trace script.py [ARGS...]) or -m MODULE")
        script, arguments = program[0], list(program[1:])
        if not os.path.isfile(script):
            click.echo(f"tfgraph-lint trace: no such script: {script}", err=True)
            sys.exit(2)
        from tfgraph_lint.runtime.verify.programs import NotRunnable, read_source

        try:
            read_source(script)  # a binary file or undecodable bytes: say so, not what Python says of them
        except NotRunnable as exc:
            click.echo(f"tfgraph-lint trace: {script}: {exc}", err=True)
            sys.exit(2)
        target = ["script", script]
    else:
        target, arguments = ["module", module], list(program)
    sys.exit(_run(target, arguments, device, output_format, output_file, parsed, show_all))


def _budgets(values: tuple[str, ...]) -> list[tuple[str | None, int]]:
    parsed = []
    for value in values:
        for part in filter(None, (p.strip() for p in value.split(","))):
            match = _BUDGET.match(part)
            if match is None:
                raise click.BadParameter(f"{part!r}: expected N or NAME=N", param_hint="--max-traces")
            parsed.append((match["name"], int(match["count"])))
    return parsed


def _run(target: list[str], arguments: list[str], device: str, output_format: str, output_file: str | None,
         budgets: list[tuple[str | None, int]], show_all: bool) -> int:
    # Imported here, not at the top: every tfgraph-lint command imports this module.
    from tfgraph_lint.runtime.child_env import with_this_package
    from tfgraph_lint.runtime.trace import report

    env = with_this_package(dict(os.environ))
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = "-1"
    handle, record_file = tempfile.mkstemp(prefix="tfgraph-trace-", suffix=".json")
    os.close(handle)
    try:
        command = [sys.executable, "-m", "tfgraph_lint.runtime.trace.launcher", record_file, device, *target,
                   *arguments]
        # Ctrl-C reaches the program (same process group), which stops and writes what it has.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            status = subprocess.call(command, env=env)
        finally:
            signal.signal(signal.SIGINT, previous)
        record = _read(record_file)
    finally:
        os.unlink(record_file)
    if status < 0:
        status = 128 - status  # killed by a signal, as a shell reports it
    if record is None:
        if status != 2:  # 2 without a record: the launcher said why (missing module, no GPU)
            click.echo(f"tfgraph-lint trace: the program ended with status {status} before anything "
                       "could be recorded", err=True)
        return status
    built = report.build(record)
    text = report.render_json(built) if output_format == "json" else report.render_text(built, show_all)
    over = _over_budget(built, budgets) if status == 0 else []
    if output_file:
        try:
            with open(output_file, "w", encoding="utf-8") as out:
                out.write(text if text.endswith("\n") else text + "\n")
        except OSError as exc:
            click.echo(f"tfgraph-lint trace: cannot write {output_file}: {exc.strerror}", err=True)
            return 2
    else:
        click.echo(text.rstrip("\n"), err=True)
    for name, traces, budget in over:
        click.echo(f"tfgraph-lint trace: {name} traced {traces} times, over its budget of {budget} "
                   "(--max-traces)", err=True)
    return 1 if over else status


def _read(path: str) -> dict | None:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        return json.loads(text) if text.strip() else None
    except (OSError, ValueError):
        return None


def _over_budget(built: dict, budgets: list[tuple[str | None, int]]) -> list[tuple[str, int, int]]:
    over = []
    for function in built["functions"]:
        limits = [count for name, count in budgets
                  if name is None or name in (function["name"], function["name"].rsplit(".", 1)[-1])]
        if limits and function["traces"] > min(limits):
            over.append((function["name"], function["traces"], min(limits)))
    return over
