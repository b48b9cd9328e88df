"""The speed table of the documentation, as ``benchmarks/run.py`` prints it after a run.

The README's and docs/speed.md's tables are pasted from this output, never written by hand: it
names the command, the date, the machine's cores and its load average at the start and the end
of the run (on a shared machine wall-clock ratios move with the load; CPU seconds, all processes
counted, show the work done).
"""

from __future__ import annotations

import os
import shlex
import sys
import time

# (row key, label in the table, target key or None); bases as in run.py (one small file against
# Pylint on that file, every other row against Pylint on the whole corpus).
TABLE_ROWS = (
    ("pylint", "cheapest Pylint run (`--disable=all --enable=pointless-statement`)", None),
    ("plugin", "Pylint + `--load-plugins=tfgraph_lint`", "plugin"),
    ("cold", "`tfgraph-lint check --no-cache` (cold)", "cold"),
    ("warm", "`tfgraph-lint check` (warm: nothing changed)", "warm"),
    ("touched", "`tfgraph-lint check` (one file edited)", "touched"),
    ("one-pylint", "one small TF file: cheapest Pylint run", None),
    ("one-file", "one small TF file: `tfgraph-lint check --no-cache`", "one-file"),
)


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def markdown(rows: dict, bases: dict[str, str], targets: dict[str, float], files: int, lines: int,
             packages: tuple[str, ...], load_at_start: float) -> str:
    """The dated table, one line per measured row of ``TABLE_ROWS``."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    command = "python " + " ".join(shlex.quote(arg) for arg in sys.argv)
    lines_out = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `{command}`: {files:,} files, {lines:,} lines "
        f"({', '.join(packages)}); {cores} CPU cores, load average {load_at_start:.1f} at the start and "
        f"{load_average():.1f} at the end; Python {sys.version.split()[0]}.",
        "",
        "| run | seconds | × Pylint | CPU s | CPU × Pylint | target (wall) |",
        "|---|--:|--:|--:|--:|---|",
    ]
    for key, label, target_key in TABLE_ROWS:
        if key not in rows:
            continue
        row = rows[key]
        base = row if key in bases.values() else rows[bases.get(key, "pylint")]  # a base row: 1.000
        ratio = row.seconds / base.seconds
        cpu_ratio = row.cpu_seconds / base.cpu_seconds if base.cpu_seconds else float("nan")
        target = ""
        if target_key == "plugin":
            met = ratio - 1 <= targets["plugin"]
            target = f"adds {ratio - 1:+.0%}, ≤ +{targets['plugin']:.0%}: {'met' if met else 'MISSED'}"
        elif target_key is not None:
            target = f"≤ {targets[target_key]}: {'met' if ratio <= targets[target_key] else 'MISSED'}"
        lines_out.append(f"| {label} | {row.seconds:.2f} | {ratio:.3f} | {row.cpu_seconds:.1f} | "
                         f"{cpu_ratio:.3f} | {target} |")
    return "\n".join(lines_out)
