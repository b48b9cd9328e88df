"""Lint a large real code base, TensorFlow Probability 0.25.0, and summarise what the rules say.

    python scripts/sweep.py                      # counts per rule, internal errors, failed files
    python scripts/sweep.py --sample 40 --seed 1 # and 40 random findings with their code, to review
    python scripts/sweep.py --sample 0 --rule TFG104 --list   # every finding of one rule

The wheel is downloaded from PyPI with pip into a cache folder (default
``~/.cache/tfgraph-lint-sweep``, or ``$XDG_CACHE_HOME``) and unpacked there; nothing is written to
the repository. Exits 1 when any file got an internal error (TFG002), so the sweep doubles as a
crash test on about 1,500 real files.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import zipfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.engine import lint_file

PACKAGE, VERSION = "tensorflow-probability", "0.25.0"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tfgraph-lint-sweep"


def fetch_sources(cache: Path) -> Path:
    """The unpacked wheel's folder, downloading the wheel first when it is not cached yet."""
    unpacked = cache / f"{PACKAGE}-{VERSION}"
    if (unpacked / ".complete").exists():
        return unpacked
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    found = sorted(wheels.glob(f"{PACKAGE.replace('-', '_')}-{VERSION}-*.whl"))
    if not found:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
             "--dest", str(wheels), f"{PACKAGE}=={VERSION}"],
            check=True,
        )
        found = sorted(wheels.glob(f"{PACKAGE.replace('-', '_')}-{VERSION}-*.whl"))
    with zipfile.ZipFile(found[0]) as wheel:
        wheel.extractall(unpacked)
    (unpacked / ".complete").write_text(found[0].name, encoding="utf-8")
    return unpacked


def _lint(path: str) -> tuple[str, list[Finding], float]:
    started = time.perf_counter()
    findings = lint_file(path)
    return path, findings, time.perf_counter() - started


def lint_all(files: list[Path], jobs: int) -> tuple[list[Finding], list[tuple[float, str]]]:
    findings: list[Finding] = []
    timings: list[tuple[float, str]] = []
    paths = [str(path) for path in files]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for path, found, seconds in pool.map(_lint, paths, chunksize=8):
            findings.extend(found)
            timings.append((seconds, path))
    return findings, timings


def show(finding: Finding, root: Path, context: int) -> str:
    lines = Path(finding.path).read_text(encoding="utf-8", errors="replace").splitlines()
    first, last = max(1, finding.line - context), min(len(lines), finding.end_line + context)
    shown = [f"{Path(finding.path).relative_to(root)}:{finding.line}:{finding.column + 1}: "
             f"{finding.code} {finding.symbol} [{finding.confidence}] {finding.message}"]
    shown += [f"    because {step}" for step in finding.traced_because]
    shown += [f"  {'>' if finding.line <= number <= finding.end_line else ' '}{number:5} {lines[number - 1]}"
              for number in range(first, last + 1)]
    return "\n".join(shown)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=cache_dir(), help="download and unpack here")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--sample", type=int, default=0, help="print this many random findings with their code")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random sample")
    parser.add_argument("--rule", action="append", default=[], help="sample/list only these codes (repeatable)")
    parser.add_argument("--list", action="store_true", help="print every finding (of --rule) with its code")
    parser.add_argument("--context", type=int, default=3, help="lines of code around a shown finding")
    parser.add_argument("--debug", action="store_true", help="print the traceback of each internal error")
    args = parser.parse_args()

    root = fetch_sources(args.cache)
    files = sorted(root.rglob("*.py"))
    line_count = sum(path.read_bytes().count(b"\n") for path in files)
    started = time.perf_counter()
    findings, timings = lint_all(files, args.jobs)
    elapsed = time.perf_counter() - started

    by_code = Counter((f.code, f.symbol) for f in findings)
    print(f"{PACKAGE} {VERSION}: {len(files)} files, {line_count} lines, linted in {elapsed:.1f} s "
          f"with {args.jobs} processes")
    print("slowest files: " + ", ".join(f"{Path(p).relative_to(root)} {s:.1f} s"
                                        for s, p in sorted(timings, reverse=True)[:3]))
    print(f"findings: {sum(n for (code, _), n in by_code.items() if not code.startswith('TFG0'))} "
          f"in {len({f.path for f in findings if f.rule.is_hazard})} files")
    for (code, symbol), count in sorted(by_code.items()):
        confident = sum(1 for f in findings if f.code == code and f.confidence == "HIGH")
        print(f"  {code} {symbol:36} {count:6}  (HIGH {confident})")
    problems = [f for f in findings if not f.rule.is_hazard]
    internal = [f for f in problems if f.code == "TFG002"]
    print(f"internal errors (TFG002): {len(internal)}")
    print(f"files not analysed (TFG001): {sum(1 for f in problems if f.code == 'TFG001')}")
    for finding in problems:
        print(f"  {Path(finding.path).relative_to(root)}: {finding.code} {finding.message}")
        if args.debug and getattr(finding, "details", ""):
            print(finding.details)

    chosen = [f for f in findings if f.rule.is_hazard and (not args.rule or f.code in args.rule)]
    if args.list:
        shown = sorted(chosen, key=lambda f: f.sort_key)
    else:
        shown = random.Random(args.seed).sample(chosen, min(args.sample, len(chosen)))
    for finding in shown:
        print()
        print(show(finding, root, args.context))
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
