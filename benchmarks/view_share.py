"""Benchmark: the project view's share of a cold run.

    python benchmarks/view_share.py FOLDER...   # e.g. the folders benchmarks/run.py unpacks

Runs ``tfgraph-lint check --no-cache --jobs 1 FOLDER...`` in this process under cProfile (one
process, so that all the work is seen) and splits its time into:

- linting: what the files' findings cost, wherever that happens (the view lints the files it
  indexes on the way, ``engine.lint_source``);
- the project view: the rest of ``project.with_project_seeds`` (reading the project's files and
  their imports, summaries of the files graph code reaches, following the reach), plus the
  graph-code index the view needs apart from a file's findings (``engine._outgoing_of_module``:
  a file given seeds is indexed once under them for its findings and once without them for what
  its own graph code reaches; a file the view needs but nobody lints is indexed for that alone).

It prints one dated line and a table. cProfile slows Python code more than the C parser, so the
shares are those of the profiled run; a measurement, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tfgraph_lint.cli.commands import main as cli_main  # noqa: E402


def _cumulative(stats: pstats.Stats, file_end: str, name: str, caller_name: str | None = None) -> float:
    """Seconds in ``name`` (of a file ending in ``file_end``), only the calls from a function
    named ``caller_name`` when given."""
    total = 0.0
    for (file, _line, function), (_cc, _nc, _tt, cumulative, callers) in stats.stats.items():
        if function != name or not file.endswith(file_end):
            continue
        if caller_name is None:
            total += cumulative
        else:
            total += sum(found[3] for (_f, _l, caller), found in callers.items() if caller == caller_name)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        cli_main(["check", "--quiet", "--format", "json", "--no-cache", "--jobs", "1", *args.folders])
    profile.disable()
    seconds = time.perf_counter() - start
    stats = pstats.Stats(profile)
    total = _cumulative(stats, os.path.join("cli", "commands.py"), "check")
    in_view = _cumulative(stats, os.path.join("cli", "project.py"), "with_project_seeds")
    linted_in_view = _cumulative(stats, os.path.join("tfgraph_lint", "engine.py"), "lint_source",
                                 "outgoing_and_findings")
    engine = os.path.join("tfgraph_lint", "engine.py")
    second_index = _cumulative(stats, engine, "_outgoing_of_module", "analyze_module")  # inside linted_in_view
    not_linted = _cumulative(stats, engine, "graph_outgoing", "outgoing_and_findings")  # outside it
    view = in_view - linted_in_view + second_index
    rows = [("the whole run (profiled)", total), ("the project view", view),
            ("  of which: reading, imports, summaries, reach", in_view - linted_in_view - not_linted),
            ("  of which: graph-code indexes for the view alone", second_index + not_linted),
            ("linting", total - view)]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()[0]
    print(f"Measured {when} by `python benchmarks/view_share.py` on {', '.join(Path(f).name for f in args.folders)}; "
          f"`--jobs 1` under cProfile ({seconds:.1f} s); load average {load:.1f}; Python {sys.version.split()[0]}.")
    print()
    print("| part | seconds (profiled) | share |")
    print("|---|--:|--:|")
    for label, value in rows:
        print(f"| {label} | {value:.2f} | {100 * value / total:.1f}% |")


if __name__ == "__main__":
    main()
