"""Benchmark: how long one small file takes, as an editor or a pre-commit hook feels it.

    python benchmarks/latency.py              # median of 15 runs each
    python benchmarks/latency.py --runs 31

Two small files (a tf.function with a print(), which passes the text screen and gets an astroid
tree, and a module that imports no TensorFlow) are linted in fresh processes by:

- ``tfgraph-lint --no-cache FILE`` (cold: nothing cached) and ``tfgraph-lint FILE`` (the cache
  filled by an earlier run, as on a second save);
- ``tfgraph-lint --version`` (the cost of starting the command at all);
- ``pylint --load-plugins=tfgraph_lint FILE`` (Pylint's defaults and the plugin) and the same with
  only the plugin's messages on (``--disable=all --enable=tfgraph-lint``);
- ``ruff check --no-cache FILE`` when ruff is installed (``pip install ruff``; it is not a
  dependency), for what people are used to.

Each command runs in a temporary folder with no configuration, with its own cache folder; the
median wall time is printed next to its targets (one small file <= 0.25 s, a file
without TensorFlow <= 0.15 s). This is a measurement, not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TF_FILE = '''\
import tensorflow as tf


@tf.function
def f(x):
    print("Python execution:", x)
    tf.print("Graph execution:", x)
    return x
'''
PLAIN_FILE = '''\
import os


def data_files(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".csv"))
'''
TARGETS = {"tf.py": 0.25, "plain.py": 0.15}


def _tool(name: str) -> str | None:
    """The tool next to this Python (the virtual environment), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def _median_seconds(command: list[str], cwd: Path, env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per command (the median counts)")
    args = parser.parse_args()

    tfgraph_lint, pylint, ruff = _tool("tfgraph-lint"), _tool("pylint"), _tool("ruff")
    if tfgraph_lint is None:
        print("tfgraph-lint is not installed: pip install -e . first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="tfgraph-lint-latency-") as folder:
        cwd = Path(folder)
        (cwd / "tf.py").write_text(TF_FILE, encoding="utf-8")
        (cwd / "plain.py").write_text(PLAIN_FILE, encoding="utf-8")
        env = {**os.environ, "XDG_CACHE_HOME": str(cwd / ".cache"), "NO_COLOR": "1"}
        env.pop("PYTHONPATH", None)
        # As on a user's machine: Python keeps compiled modules. Where the environment forbids it
        # (some sandboxes and CI images set this), every run would compile every module anew.
        env.pop("PYTHONDONTWRITEBYTECODE", None)

        rows: list[tuple[str, dict[str, float | None]]] = []

        def measure(label: str, make_command, available: bool = True) -> None:
            if not available:
                rows.append((label, {name: None for name in TARGETS}))
                return
            found = {}
            for name in TARGETS:
                command = make_command(name)
                subprocess.run(command, cwd=cwd, env=env, capture_output=True, check=False)  # warm-up
                found[name] = _median_seconds(command, cwd, env, args.runs)
            rows.append((label, found))

        measure("tfgraph-lint --no-cache FILE", lambda f: [tfgraph_lint, "--no-cache", f])
        measure("tfgraph-lint FILE (cached)", lambda f: [tfgraph_lint, f])
        version = _median_seconds([tfgraph_lint, "--version"], cwd, env, args.runs)
        rows.append(("tfgraph-lint --version", {name: version for name in TARGETS}))
        measure("pylint --load-plugins=tfgraph_lint FILE",
                lambda f: [pylint, "--load-plugins=tfgraph_lint", "--persistent=n", "--score=n", f],
                available=pylint is not None)
        measure("  same, --disable=all --enable=tfgraph-lint",
                lambda f: [pylint, "--load-plugins=tfgraph_lint", "--persistent=n", "--score=n",
                           "--disable=all", "--enable=tfgraph-lint", f],
                available=pylint is not None)
        measure("ruff check --no-cache FILE", lambda f: [ruff, "check", "--isolated", "--no-cache", f],
                available=ruff is not None)

    width = max(len(label) for label, _ in rows)
    print(f"Median wall time of {args.runs} runs, one small file ({sys.platform}, Python "
          f"{sys.version.split()[0]}):\n")
    print(f"| {'command':<{width}} | TF file (s) | no-TF file (s) |")
    print(f"|{'-' * (width + 2)}|------------:|---------------:|")
    for label, found in rows:
        cells = [f"{found[name]:.3f}" if found[name] is not None else "not installed" for name in TARGETS]
        print(f"| {label:<{width}} | {cells[0]:>11} | {cells[1]:>14} |")
    cold = rows[0][1]
    print(f"\nTargets: TF file <= {TARGETS['tf.py']} s, file without TensorFlow <= "
          f"{TARGETS['plain.py']} s, cold. Met: TF file {'yes' if cold['tf.py'] <= TARGETS['tf.py'] else 'no'}, "
          f"no-TF file {'yes' if cold['plain.py'] <= TARGETS['plain.py'] else 'no'}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
