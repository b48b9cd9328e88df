"""``tfgraph-lint verify``: run examples on real TensorFlow and show where graph mode diverges.

Exit status (the worst over the files; each verdict has its code, see ``verdicts.EXIT_CODES``):
    0  every file CONFIRMED, CLEAN, UNCONFIRMED or NOT RUN (see ``verdicts``), and a file
       with a ``# runtime:`` header (every shipped fixture) reproduced it with the expected verdict;
    1  some file MISSED (the linter is silent about a real divergence), or a header not reproduced;
    2  some file ERROR (it did not run, or its runs could not be compared), or usage problems:
       TensorFlow not installed, ``--device gpu`` without a visible GPU, workers that cannot
       start, paths that do not exist, a configuration file that cannot be used;
  130  interrupted (Ctrl-C); the workers are killed.

This module must stay importable without TensorFlow: only the worker processes import it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import click

from tfgraph_lint.core.files import discover
from tfgraph_lint.core.fixtures_dir import fixtures_root

if TYPE_CHECKING:
    from tfgraph_lint.core.findings import Finding

# The install line of README.md's section on verify (a test keeps the two the same).
README_INSTALL = "pip install -e '.[verify]'"
INSTALL_HINT = (
    "tfgraph-lint verify runs the examples on TensorFlow, which is not installed for this Python\n"
    f"({sys.executable}). Install it as README.md says (\"Proving it on real TensorFlow: verify\"),\n"
    "in a checkout of tfgraph-lint:\n\n"
    f"    {README_INSTALL}\n\n"
    "(or install any TensorFlow 2 build into this Python), then run tfgraph-lint verify again."
)
NO_GPU = (
    "--device gpu: TensorFlow {version} sees no GPU (tf.config.list_physical_devices('GPU') is empty).\n"
    "Install a GPU build (pip install 'tensorflow[and-cuda]') and check the driver and CUDA_VISIBLE_DEVICES,\n"
    "or use --device cpu (the default) or --device auto."
)


class ScriptView(Protocol):
    """What ``verify`` asks of the command line's project view (``cli/verify_view``), a layer
    above it, which hands it in through :func:`build_verify_command`."""

    def helpers(self, script: str) -> list[str]:
        """The other files of the script's project that it imports (real paths, sorted)."""

    def findings(self, script: str) -> list[Finding]:
        """The findings of the script and of its helper modules."""

    def configuration_problem(self, scripts: list[str]) -> str | None:
        """Why a configuration file that governs one of the scripts cannot be used; None when each can."""


def shipped_examples() -> list[Path]:
    """Every fixture's bad.py and good.py, in fixture order."""
    root = fixtures_root()
    return [path for folder in sorted(root.glob("TFG*")) if folder.is_dir()
            for path in (folder / "bad.py", folder / "good.py") if path.is_file()]


def tensorflow_available() -> bool:
    # find_spec does not import TensorFlow (seconds): this process never does.
    return importlib.util.find_spec("tensorflow") is not None


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs(files: int) -> int:
    # Each run is small; more workers than cores only adds TensorFlow imports. Two runs per file
    # can go in parallel, so even one file uses two workers when there are two cores.
    return max(1, min(available_cpus(), 4, 2 * files))


def build_verify_command(view: Callable[[], ScriptView] | None = None) -> click.Command:
    """The ``verify`` command, judging each script with ``view()``'s findings and helper modules
    (made once per run); without one, each script is linted alone and its helper modules are
    not judged."""

    @click.command("verify", short_help="Run programs in graph mode and eagerly; judge the findings.")
    @click.argument("paths", nargs=-1, type=click.Path(path_type=str))
    @click.option("--fixtures", is_flag=True,
                  help="Verify the shipped rule fixtures (every bad.py and good.py), besides any PATHS.")
    @click.option("--device", type=click.Choice(["cpu", "gpu", "auto"]), default="cpu", show_default=True,
                  help="cpu hides GPUs from TensorFlow; gpu requires one; auto uses one when present.")
    @click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
                  help="text: a verdict per file with each finding's evidence; json: a list of objects.")
    @click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
                  help="Worker processes (each imports TensorFlow once). Default: CPUs, at most 4.")
    @click.option("--timeout", type=click.FloatRange(min=1), default=60.0, show_default=True, metavar="SECONDS",
                  help="Seconds all the runs of one script (graph, eager, reseeded) may take together "
                       "before it counts as ERROR.")
    def verify_command(paths: tuple[str, ...], fixtures: bool, device: str, output_format: str,
                       jobs: int | None, timeout: float) -> None:
        """Run programs on TensorFlow in graph mode and eagerly, and compare with the linter's findings.

        Without PATHS, verifies the current folder, as check lints it; --fixtures verifies the
        shipped rule fixtures. Each program runs in graph mode and with
        tf.config.run_functions_eagerly(True) (the reference), with fresh state and identical seeds.
        Verdicts (exit code): CONFIRMED (0), CLEAN (0), UNCONFIRMED (0), NOT RUN (0: a module, not a
        program, judged through the scripts that import it; or a program that turns eager execution
        off, so there is no eager run to compare with), MISSED (1), ERROR (2).
        """
        if not tensorflow_available():
            click.echo(INSTALL_HINT, err=True)
            sys.exit(2)
        files: list[Path] = shipped_examples() if fixtures else []
        if paths or not fixtures:
            found = discover(list(paths or (".",)))
            for problem in found.problems:
                click.echo(f"tfgraph-lint verify: {problem}", err=True)
            if found.problems:
                sys.exit(2)
            files += [Path(p) for p in found.files]
        if not files:
            click.echo("tfgraph-lint verify: no Python files to verify", err=True)
            sys.exit(2)
        script_view = view() if view is not None else None
        problem = script_view.configuration_problem([str(p) for p in files]) if script_view is not None else None
        if problem is not None:  # before any worker starts, as check ends before linting
            click.echo(f"tfgraph-lint verify: error: {problem}", err=True)
            sys.exit(2)
        sys.exit(_run(files, device, output_format, jobs or default_jobs(len(files)), timeout, script_view))

    return verify_command


verify_command = build_verify_command()  # on its own: each script is linted alone


def _run(files: list[Path], device: str, output_format: str, jobs: int, timeout: float,
         view: ScriptView | None = None) -> int:
    # Imported here: the pool and runner pull in the linter engine; --help stays fast.
    from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings, WorkerStartError
    from tfgraph_lint.runtime.verify import report
    from tfgraph_lint.runtime.verify.runner import verify_files

    started = time.monotonic()
    settings = WorkerSettings(device=device, threads=max(1, available_cpus() // jobs), run_timeout=timeout)
    pool = WorkerPool(jobs, settings)
    progress = _Progress(len(files))
    try:
        progress.note(f"starting {jobs} TensorFlow worker{'s' if jobs > 1 else ''}...")
        try:
            info = pool.start()
        except WorkerStartError as exc:
            progress.clear()
            click.echo(f"tfgraph-lint verify: the TensorFlow workers could not start:\n{exc}", err=True)
            return 2
        if device == "gpu" and not info.get("gpus"):
            progress.clear()
            click.echo(NO_GPU.format(version=info.get("tensorflow", "?")), err=True)
            return 2
        where = info["gpus"][0].replace("/physical_device:", "") if info.get("gpus") and device != "cpu" else "CPU"
        static = {"lint": view.findings, "helpers": view.helpers} if view is not None else {}
        results = verify_files(files, pool.submit, on_result=progress.done, timeout=timeout, **static)
    except KeyboardInterrupt:
        progress.clear()
        click.echo("tfgraph-lint verify: interrupted; workers stopped", err=True)
        return 130
    finally:
        pool.close()
    progress.clear()
    elapsed = time.monotonic() - started
    if output_format == "json":
        click.echo(report.render_json(results))
    else:
        click.echo(report.render_text(results, elapsed, jobs, f"{where} (TensorFlow {info.get('tensorflow')})"))
    return max((r.exit_code for r in results), default=0)


class _Progress:
    """One self-erasing status line on stderr, only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.finished = 0
        self.enabled = sys.stderr.isatty()

    def note(self, text: str) -> None:
        if self.enabled:
            sys.stderr.write("\r\033[K" + text[:150])
            sys.stderr.flush()

    def done(self, result) -> None:
        self.finished += 1
        self.note(f"[{self.finished}/{self.total}] {result.path}: {result.verdict}")

    def clear(self) -> None:
        self.note("")
