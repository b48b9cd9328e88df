"""Benchmark: tfgraph-lint against the cheapest Pylint run, on real TensorFlow code.

    python benchmarks/run.py            # all files: about 8 minutes on 2 cores
    python benchmarks/run.py --quick    # a quarter of the files

Downloads the wheels of tf-agents 0.19.0, tensorflow-addons 0.23.0 and tf-models-official 2.20.0
from PyPI (with pip, once, into a cache folder), unpacks their .py files (about 1,900 files and
420k lines) and measures, one after the other, on exactly the same files:

- the cheapest Pylint run: ``pylint --disable=all --enable=pointless-statement``;
- Pylint with the tfgraph plugin loaded and its messages enabled, on top of that run (the two
  Pylint runs alternate, twice each by default, and the fastest of each counts: the plugin's
  cost is a few percent, and one Pylint run against another varies by as much);
- ``tfgraph-lint check --no-cache`` (cold), ``tfgraph-lint check`` twice (filling the cache, then
  warm: nothing changed), and once more after one file was edited;
- ``tfgraph-lint check --no-cache`` on 25% and 50% of the files (every 4th / 2nd file), to show
  how the cost grows;
- one small file with a tf.function (``ONE_FILE``, in a folder of its own): the cheapest Pylint
  run and ``tfgraph-lint check --no-cache`` on it, alternately, ``--one-file-runs`` times each
  (median), as an editor or a pre-commit hook starts the tool.

Every run is a fresh process, with Python's compiled-module cache on as users have it (an
environment that sets ``PYTHONDONTWRITEBYTECODE`` would make every run compile every module). Memory is the peak of the whole process tree (the workers
included), in proportional set size: pages that forked workers share count once. Nothing is
written outside the cache folder and a temporary folder; the edited file is restored.

It prints a table of seconds, ratios to the cheapest Pylint run, peak memory and the targets
(cold, warm and one small file, each against the cheapest Pylint run on the same files), checks
that the cold, warm and edited runs report the same findings, and ends with the dated table the
documentation shows (``speed_table``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import speed_table  # benchmarks/: the script's folder is on sys.path

PACKAGES = ("tf-agents==0.19.0", "tensorflow-addons==0.23.0", "tf-models-official==2.20.0")
# tensorflow-addons ships compiled wheels only: ask for one fixed platform, whatever runs this.
PIP_PLATFORM = ("--platform", "manylinux2014_x86_64", "--python-version", "3.11", "--only-binary=:all:")
TOUCH_LINE = "\n# edited by benchmarks/run.py\n"
ONE_FILE = '''\
import tensorflow as tf


@tf.function
def f(x):
    print("Python execution:", x)
    tf.print("Graph execution:", x)
    return x
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-dir", type=Path, default=_default_cache_dir(),
                        help="where wheels and unpacked sources are kept (default: %(default)s)")
    parser.add_argument("--quick", action="store_true", help="use every 4th file only")
    parser.add_argument("--jobs", type=int, help="tfgraph-lint --jobs (default: its own, all cores)")
    parser.add_argument("--serial", action="store_true",
                        help="also time tfgraph-lint --no-cache --jobs 1 (the gain from workers)")
    parser.add_argument("--pylint-runs", type=int, default=2, metavar="N",
                        help="run Pylint with and without the plugin N times each, alternately, and "
                             "keep each one's fastest: one run of each varies by several percent, as "
                             "much as the plugin costs (default: %(default)s)")
    parser.add_argument("--one-file-runs", type=int, default=7, metavar="N",
                        help="runs of each tool on one small file, alternately; the median counts "
                             "(default: %(default)s)")
    parser.add_argument("--findings-out", type=Path, metavar="FILE",
                        help="write the cold run's findings (JSON) there, to compare two versions' findings")
    args = parser.parse_args()

    load_at_start = speed_table.load_average()
    files = corpus(args.cache_dir)
    if args.quick:
        files = files[::4]
    lines = count_lines(files)
    work = Path(tempfile.mkdtemp(prefix="tfgraph-bench-"))
    try:
        rows = run_all(files, work, args.jobs, args.serial, max(1, args.pylint_runs), max(1, args.one_file_runs))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.findings_out:
        args.findings_out.write_text(rows["cold"].output, encoding="utf-8")
    print_report(rows, files, lines)
    print("\nFor the documentation (paste as it is):\n")
    print(speed_table.markdown(rows, BASES, TARGETS, len(files), lines, PACKAGES, load_at_start))


# --- the corpus --------------------------------------------------------------------------------

def _default_cache_dir() -> Path:
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "tfgraph-lint-benchmark"


def corpus(cache_dir: Path) -> list[str]:
    """The .py files of the three wheels, downloaded and unpacked on first use; sorted."""
    wheels, sources = cache_dir / "wheels", cache_dir / "src"
    wheels.mkdir(parents=True, exist_ok=True)
    for requirement in PACKAGES:
        name, version = requirement.split("==")
        prefix = f"{name.replace('-', '_')}-{version}-"
        if not any(wheel.name.startswith(prefix) for wheel in wheels.glob("*.whl")):
            print(f"downloading {requirement} ...", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *PIP_PLATFORM,
                            "--dest", str(wheels), requirement], check=True)
    for wheel in sorted(wheels.glob("*.whl")):
        target = sources / wheel.name.split("-")[0]
        done = target / ".unpacked"
        if done.exists():
            continue
        shutil.rmtree(target, ignore_errors=True)
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.namelist():
                if member.endswith(".py") and ".." not in Path(member).parts:
                    archive.extract(member, target)
        done.touch()
    return sorted(str(path) for path in sources.rglob("*.py"))


def count_lines(files: list[str]) -> int:
    total = 0
    for path in files:
        with open(path, "rb") as handle:
            total += handle.read().count(b"\n")
    return total


# --- running and measuring -------------------------------------------------------------------

@dataclass
class Row:
    label: str
    seconds: float  # wall clock
    cpu_seconds: float  # user + system, of the process and all its workers
    peak_mb: float
    output: str = ""
    exit_code: int = 0
    note: str = ""


def run_all(files: list[str], work: Path, jobs: int | None, serial: bool, pylint_runs: int,
            one_file_runs: int) -> dict[str, Row]:
    env = dict(os.environ, XDG_CACHE_HOME=str(work / "xdg-cache"), PYLINTHOME=str(work / "pylint-home"))
    env.pop("PYLINTRC", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a user's machine: compiled modules are kept
    rcfile = work / "empty.pylintrc"
    rcfile.write_text("[MAIN]\n", encoding="utf-8")
    pylint = [sys.executable, "-m", "pylint", f"--rcfile={rcfile}", "--persistent=n", "--score=n", "--jobs=1"]
    cheapest = [*pylint, "--disable=all", "--enable=pointless-statement"]
    tfgraph = [sys.executable, "-m", "tfgraph_lint", "check", "--quiet", "--format", "json",
               *(["--jobs", str(jobs)] if jobs else [])]
    rows: dict[str, Row] = {}

    def measure(key: str, label: str, argv: list[str]) -> None:
        print(f"running: {label} ...", file=sys.stderr, flush=True)
        rows[key] = row = _measure(label, argv, env, work)
        print(f"  {row.seconds:.2f} s ({row.cpu_seconds:.2f} s CPU), {row.peak_mb:.0f} MB", file=sys.stderr, flush=True)

    # Nobody pays for a cold disk or a first import: the first run would otherwise look slower.
    count_lines(files)
    for argv in ([*pylint, "--version"], [*tfgraph[:3], "--version"]):
        subprocess.run(argv, env=env, cwd=work, capture_output=True, check=True)

    with_plugin = [*cheapest[:-1], "--load-plugins=tfgraph_lint", f"--enable=pointless-statement,{_our_symbols()}"]
    runs: dict[str, list[Row]] = {"pylint": [], "plugin": []}
    for _ in range(pylint_runs):  # alternately, so that a slow spell of the machine hits both
        measure("pylint", "pylint --disable=all --enable=pointless-statement", [*cheapest, *files])
        runs["pylint"].append(rows["pylint"])
        measure("plugin", "the same + --load-plugins=tfgraph_lint", [*with_plugin, *files])
        runs["plugin"].append(rows["plugin"])
    for key, measured in runs.items():
        rows[key] = min(measured, key=lambda row: row.seconds)
        if len(measured) > 1:
            rows[key].note = f"fastest of {len(measured)}: " + ", ".join(f"{row.seconds:.2f}" for row in measured) + " s"
    measure("cold", "tfgraph-lint check --no-cache (cold)", [*tfgraph, "--no-cache", *files])
    if serial:
        measure("serial", "tfgraph-lint check --no-cache --jobs 1", [*tfgraph, "--no-cache", "--jobs", "1", *files])
    measure("fill", "tfgraph-lint check (empty cache: lint and store)", [*tfgraph, *files])
    measure("warm", "tfgraph-lint check (warm: nothing changed)", [*tfgraph, *files])
    edited = _file_to_edit(files)
    original = Path(edited).read_bytes()
    try:
        Path(edited).write_bytes(original + TOUCH_LINE.encode())
        measure("touched", "tfgraph-lint check (one file edited)", [*tfgraph, *files])
    finally:
        Path(edited).write_bytes(original)
    rows["touched"].note = edited
    for share, stride in (("25%", 4), ("50%", 2)):
        measure(share, f"tfgraph-lint check --no-cache, {share} of the files", [*tfgraph, "--no-cache", *files[::stride]])
    rows.update(_one_file(work, env, cheapest, tfgraph, one_file_runs))
    return rows


def _one_file(work: Path, env: dict, cheapest: list[str], tfgraph: list[str], runs: int) -> dict[str, Row]:
    """The cheapest Pylint run and a cold tfgraph-lint run on one small file, alternately
    (a slow spell of the machine hits both); the median of each."""
    folder = work / "one-file"
    folder.mkdir()
    path = folder / "train_step.py"
    path.write_text(ONE_FILE, encoding="utf-8")
    commands = {"one-pylint": ("pylint --disable=all --enable=pointless-statement, one file", [*cheapest, str(path)]),
                "one-file": ("tfgraph-lint check --no-cache, one file", [*tfgraph, "--no-cache", str(path)])}
    measured: dict[str, list[Row]] = {key: [] for key in commands}
    print(f"running: one small file, {runs} times each tool ...", file=sys.stderr, flush=True)
    for _ in range(runs):
        for key, (label, argv) in commands.items():
            measured[key].append(_measure(label, argv, env, work))
    rows = {}
    for key, found in measured.items():
        ordered = sorted(found, key=lambda row: row.seconds)
        rows[key] = row = ordered[len(ordered) // 2]
        row.note = f"median of {len(found)}: " + ", ".join(f"{r.seconds:.2f}" for r in found) + " s"
    return rows


def _our_symbols() -> str:
    from tfgraph_lint.core.registry import RULES

    return ",".join(rule.symbol for rule in RULES)


def _file_to_edit(files: list[str]) -> str:
    """The largest file with a tf.function: editing it costs a full analysis, the worst case."""
    with_graph_code = [path for path in files if "tf.function" in Path(path).read_text(encoding="utf-8", errors="replace")]
    return max(with_graph_code or files, key=os.path.getsize)


def _measure(label: str, argv: list[str], env: dict, work: Path) -> Row:
    output = work / f"output-{time.monotonic_ns()}.txt"
    with open(output, "wb") as out:
        cpu_before = _children_cpu()
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env, cwd=work)
        watcher = _PeakMemory(process.pid)
        _, stderr = process.communicate()
        seconds = time.perf_counter() - start
        watcher.stop()
        cpu = _children_cpu() - cpu_before
    # Exit codes that mean the run itself failed: tfgraph-lint's are 0/1/2 (2: a file could not be
    # analysed, which real code may have); Pylint's are bit flags, 32 a usage error.
    failed = process.returncode & 32 if argv[2] == "pylint" else process.returncode not in (0, 1, 2)
    if failed:
        raise SystemExit(f"{label} failed with exit code {process.returncode}:\n{stderr.decode(errors='replace')}")
    return Row(label, seconds, cpu, watcher.peak_mb, output.read_text(encoding="utf-8", errors="replace"),
               process.returncode)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class _PeakMemory:
    """Samples the memory of a process and all its descendants every 50 ms (Linux /proc)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_mb = 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._done.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._done.wait(0.05):
            total_kb = sum(_memory_kb(pid) for pid in _tree(self.pid))
            self.peak_mb = max(self.peak_mb, total_kb / 1024)


def _tree(pid: int) -> list[int]:
    found, queue = [], [pid]
    while queue:
        current = queue.pop()
        found.append(current)
        for children in Path(f"/proc/{current}/task").glob("*/children"):
            try:
                queue.extend(int(child) for child in children.read_text().split())
            except OSError:
                pass
    return found


def _memory_kb(pid: int) -> int:
    """Proportional set size (shared pages split between their users), else resident size."""
    for name, field in ((f"/proc/{pid}/smaps_rollup", "Pss:"), (f"/proc/{pid}/status", "VmRSS:")):
        try:
            with open(name, encoding="ascii", errors="replace") as handle:
                for line in handle:
                    if line.startswith(field):
                        return int(line.split()[1])
        except (OSError, ValueError):
            continue
    return 0


# --- the report --------------------------------------------------------------------------------

# Targets, as ratios to the cheapest Pylint run on the same files (the plugin: what it adds to
# that run; one small file: against Pylint on that file).
TARGETS = {"plugin": 0.15, "cold": 0.15, "warm": 0.02, "touched": 0.05, "one-file": 0.30}
BASES = {"one-file": "one-pylint"}  # the Pylint row a row is compared with, when not the corpus'


def print_report(rows: dict[str, Row], files: list[str], lines: int) -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n{time.strftime('%Y-%m-%d', time.gmtime())}: {len(files)} files, {lines:,} lines "
          f"({', '.join(PACKAGES)}); {cores} CPU cores (load average at the end: {load:.1f}); "
          f"Python {sys.version.split()[0]}")
    print("Targets are on wall-clock seconds; CPU seconds (all processes) show the work done, whatever "
          "else the machine was running.\n")
    print(f"| {'run':<52} | seconds | × Pylint | CPU s | CPU × Pylint | peak MB | target |")
    print(f"|{'-' * 54}|--------:|---------:|------:|-------------:|--------:|--------|")
    for key, row in rows.items():
        base = rows[BASES.get(key, "pylint")]
        ratio = row.seconds / base.seconds
        target = ""
        if key == "plugin":
            target = f"adds {ratio - 1:+.0%}, ≤ +{TARGETS[key]:.0%}: {_verdict(ratio - 1 <= TARGETS[key])}"
        elif key in TARGETS:
            target = f"≤ {TARGETS[key]}: {_verdict(ratio <= TARGETS[key])}"
        cpu_ratio = row.cpu_seconds / base.cpu_seconds if base.cpu_seconds else float("nan")
        print(f"| {row.label:<52} | {row.seconds:>7.2f} | {ratio:>8.3f} | {row.cpu_seconds:>5.1f} | "
              f"{cpu_ratio:>12.3f} | {row.peak_mb:>7.0f} | {target} |")
    print(f"\nEdited file: {rows['touched'].note}")
    for key in ("pylint", "plugin", "one-pylint", "one-file"):
        if rows[key].note:
            print(f"{rows[key].label}: {rows[key].note}")
    print("Ratios: " + ", ".join(f"{key} {rows[key].seconds / rows[BASES.get(key, 'pylint')].seconds:.3f}x"
                                 for key in ("cold", "warm", "one-file")))
    _print_scaling(rows, files)
    _print_checks(rows)


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def _print_scaling(rows: dict[str, Row], files: list[str]) -> None:
    parts = [("25%", rows["25%"].seconds, len(files[::4])), ("50%", rows["50%"].seconds, len(files[::2])),
             ("100%", rows["cold"].seconds, len(files))]
    per_file = ", ".join(f"{share}: {seconds / count * 1000:.1f} ms/file" for share, seconds, count in parts)
    print(f"Cost growth (cold, --no-cache): {per_file}")
    peak = max(rows[key].peak_mb for key in ("cold", "fill", "warm", "touched"))
    print(f"Peak memory of tfgraph-lint (all processes): {peak:.0f} MB (≤ 1024 MB: {_verdict(peak <= 1024)})")


def _print_checks(rows: dict[str, Row]) -> None:
    compared = [key for key in ("cold", "serial", "fill", "warm", "touched") if key in rows]
    results = {key: json.loads(rows[key].output or "[]") for key in compared}
    same = all(results[key] == results["cold"] for key in results)
    print(f"Findings: {len(results['cold'])}; identical in the runs {', '.join(compared)}: {'yes' if same else 'NO'}")
    symbols = set(_our_symbols().split(","))
    plugin_messages = sum(1 for line in rows["plugin"].output.splitlines()
                          if line.rstrip(")").rsplit("(", 1)[-1] in symbols)
    print(f"Pylint plugin messages: {plugin_messages} (Pylint reports unparsable files itself)")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
