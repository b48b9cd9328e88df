"""Recall of tfgraph-lint on real users' code, verbatim, as committed in public repositories.

    python benchmarks/recall_real.py --mirror DIR            # every batch: markdown tables
    python benchmarks/recall_real.py --mirror DIR --misses   # also each missed hazard, with its line
    python benchmarks/recall_real.py --mirror DIR --batch reports-1 --record   # a batch's first run

Each batch is a file ``benchmarks/recall_real/<batch>.toml``: cases found in public bug reports
(an issue, a pull request or a fix commit of the repository that holds the code), each pinned to
the commit whose file shows the hazard the report is about, with the line(s) and the rule the
hazard belongs to, and, where the project fixed it, the commit of the fix. A batch is written and
committed before the linter is first run on it; ``--record`` then appends that first run to
``benchmarks/recall_real/first_runs.csv`` (once per batch: a later run is a re-run, never a first
run), so the table can show first-run recall beside today's.

The code itself is never in this repository: each case's repository is read from a local git
directory (``--mirror DIR`` holding ``owner+name/repo``, ``owner+name.git`` or ``owner+name``, as
``git clone --mirror`` or a snapshot tool leaves them), and the pinned commit's whole tree is
unpacked into the cache (``$XDG_CACHE_HOME/tfgraph-lint-recall-real`` or
``~/.cache/tfgraph-lint-recall-real``), so the file is linted with its surroundings: from the
tree's root, through the command line, as a user would run ``tfgraph-lint path/to/file.py``.

- expected: every (line, rule) a case lists;
- found unasked: those the linter reports with no option (the shipped defaults);
- found: those it reports with every rule at HIGH and INFERENCE (``--select TFG --confidence
  HIGH,INFERENCE``);
- false alarms: findings of a case's rules in the fixed file (the same path at ``fixed_commit``),
  but the lines the case lists under ``still`` (a hazard the fix left in place).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import fnmatch
import io
import json
import os
import subprocess
import sys
import tarfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BATCHES = Path(__file__).resolve().parent / "recall_real"
FIRST_RUNS = BATCHES / "first_runs.csv"
FIRST_RUN_COLUMNS = ("batch", "date", "linter", "cases", "expected", "found_unasked", "found", "fixed_alarms",
                     "note")
# What the linter reads of a tree, and what decides how it reads it: snapshots may lack large
# blobs (data, weights), so the rest of the tree is not unpacked.
UNPACKED = ("*.py", "*.ipynb", "pyproject.toml", "setup.cfg", "setup.py", "tfgraph-lint.toml", ".gitignore")
EVERY_RULE = ("--select", "TFG", "--confidence", "HIGH,INFERENCE")


@dataclass(frozen=True)
class Hazard:
    line: int
    symbol: str


@dataclass(frozen=True)
class Case:
    name: str
    report: str  # the public report's URL
    repository: str  # owner/name
    commit: str
    path: str
    hazards: tuple[Hazard, ...]
    fixed_commit: str = ""
    still: tuple[int, ...] = ()  # lines of the fixed file that still hold a listed hazard


@dataclass
class Outcome:
    case: Case
    found_unasked: set[Hazard] = field(default_factory=set)
    found: set[Hazard] = field(default_factory=set)
    fixed_alarms: list[tuple[int, str]] = field(default_factory=list)
    error: str = ""


def load_batch(path: Path) -> list[Case]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cases = []
    for entry in data.get("case", []):
        hazards = tuple(Hazard(int(h["line"]), str(h["symbol"])) for h in entry["hazards"])
        if not hazards or len(entry["commit"]) != 40:
            raise SystemExit(f"{path}: case {entry.get('name')!r} needs hazards and a full 40-hex commit")
        cases.append(Case(name=entry["name"], report=entry["report"], repository=entry["repository"],
                          commit=entry["commit"], path=entry["path"], hazards=hazards,
                          fixed_commit=entry.get("fixed_commit", ""),
                          still=tuple(int(n) for n in entry.get("still", ()))))
    return cases


def git_dir(mirror: Path, repository: str) -> Path:
    slug = repository.replace("/", "+")
    for candidate in (mirror / slug / "repo", mirror / f"{slug}.git", mirror / slug):
        if (candidate / ".git").exists():
            return candidate / ".git"  # a checkout
        if (candidate / "HEAD").exists():
            return candidate  # a bare git directory
    raise LookupError(f"no git directory for {repository} under {mirror} (looked for {slug}/repo, "
                      f"{slug}.git, {slug})")


# How a tree is laid out in the cache: an unpacked copy of another layout is unpacked again.
_LAYOUT = "clone"


def unpacked_tree(mirror: Path, repository: str, commit: str, cache: Path) -> Path:
    """The commit's tree (its Python files, notebooks and project files), unpacked once into the
    cache as ``git clone`` leaves it: in a folder named as the repository (a repository that is
    itself a package imports its modules as ``<name>.module``), whose ``.git`` marks the
    project's root. Without that mark the linter's project would be the cache folder holding every
    unpacked tree, too many files for the project view, and graph code would be followed within
    each file only."""
    target = cache / "src" / f"{repository.replace('/', '+')}-{commit[:12]}" / repository.split("/")[-1]
    stamp = target / ".unpacked"
    if stamp.exists() and stamp.read_text(encoding="utf-8").endswith(f" {_LAYOUT}"):
        return target
    git = ["git", "--git-dir", str(git_dir(mirror, repository))]
    listing = subprocess.run([*git, "ls-tree", "-r", "-z", commit], capture_output=True, check=False)
    if listing.returncode:
        raise LookupError(f"{repository} has no commit {commit[:12]}: "
                          f"{listing.stderr.decode(errors='replace').strip()}")
    wanted = {}  # path: blob id, of the files the linter reads
    for entry in listing.stdout.decode(errors="replace").split("\0"):
        meta, _, name = entry.partition("\t")
        if name and meta.split()[1:2] == ["blob"] and any(
                fnmatch.fnmatch(Path(name).name, pattern) for pattern in UNPACKED):
            wanted[name] = meta.split()[2]
    present = _present(git, set(wanted.values()))
    names = [name for name, blob in wanted.items() if blob in present]
    archive = subprocess.run([*git, "archive", "--format=tar", commit, "--", *names], capture_output=True, check=False)
    if archive.returncode:
        raise LookupError(f"{repository} at {commit[:12]} could not be unpacked: "
                          f"{archive.stderr.decode(errors='replace').strip()}")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(target, filter="data")
    (target / ".git").mkdir(exist_ok=True)  # the clone's mark (empty: nothing runs git in it)
    stamp.write_text(f"{commit} {_LAYOUT}", encoding="utf-8")
    return target


def _present(git: list[str], blobs: set[str]) -> set[str]:
    """The blobs the git directory holds. A snapshot may lack some (large notebooks): those are left
    out of the unpacked tree rather than failing its archive (the case's own file is checked apart)."""
    check = subprocess.run([*git, "cat-file", "--batch-check"], input="".join(f"{b}\n" for b in sorted(blobs)),
                           capture_output=True, text=True, check=False)
    return {line.split()[0] for line in check.stdout.splitlines() if line.split()[1:2] == ["blob"]}


def lint(root: Path, path: str, options: tuple[str, ...] = ()) -> list[dict]:
    """Findings of ``path`` linted from ``root`` through the command line, no cache."""
    command = [sys.executable, "-m", "tfgraph_lint", "--format", "json", "--no-cache", *options, path]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, env=env, timeout=600)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"tfgraph-lint exited {done.returncode} on {path}: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout or "[]")


def measure(case: Case, mirror: Path, cache: Path) -> Outcome:
    outcome = Outcome(case)
    try:
        root = unpacked_tree(mirror, case.repository, case.commit, cache)
        if not (root / case.path).is_file():
            raise LookupError(f"{case.path} is not in {case.repository} at {case.commit[:12]}")
        for options, found in (((), outcome.found_unasked), (EVERY_RULE, outcome.found)):
            reported = {Hazard(f["line"], f["symbol"]) for f in lint(root, case.path, options)}
            found.update(set(case.hazards) & reported)
        if case.fixed_commit:
            fixed_root = unpacked_tree(mirror, case.repository, case.fixed_commit, cache)
            symbols = {h.symbol for h in case.hazards}
            if (fixed_root / case.path).is_file():
                outcome.fixed_alarms = sorted(
                    (f["line"], f["symbol"]) for f in lint(fixed_root, case.path, EVERY_RULE)
                    if f["symbol"] in symbols and f["line"] not in case.still)
    except (LookupError, RuntimeError, subprocess.TimeoutExpired, OSError) as error:
        outcome.error = str(error)
    return outcome


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "n/a"


def totals(outcomes: list[Outcome]) -> dict[str, int]:
    measured = [o for o in outcomes if not o.error]
    return {"cases": len(measured), "expected": sum(len(o.case.hazards) for o in measured),
            "found_unasked": sum(len(o.found_unasked) for o in measured),
            "found": sum(len(o.found) for o in measured),
            "fixed_alarms": sum(len(o.fixed_alarms) for o in measured)}


def render(results: dict[str, list[Outcome]], show_misses: bool) -> str:
    lines = ["| batch | cases | hazards | found unasked | recall unasked | found, every rule | recall | "
             "false alarms in fixed files |", "|---|--:|--:|--:|--:|--:|--:|--:|"]
    for batch, outcomes in results.items():
        t = totals(outcomes)
        lines.append(f"| {batch} | {t['cases']} | {t['expected']} | {t['found_unasked']} | "
                     f"{_pct(t['found_unasked'], t['expected'])} | {t['found']} | "
                     f"{_pct(t['found'], t['expected'])} | {t['fixed_alarms']} |")
    for batch, outcomes in results.items():
        for outcome in outcomes:
            if outcome.error:
                lines.append(f"\n- {batch}/{outcome.case.name}: not measured: {outcome.error}")
            elif show_misses:
                for hazard in sorted(set(outcome.case.hazards) - outcome.found_unasked, key=lambda h: h.line):
                    how = "every rule only" if hazard in outcome.found else "missed"
                    lines.append(f"\n- {batch}/{outcome.case.name}: {outcome.case.path}:{hazard.line} "
                                 f"{hazard.symbol}: {how} ({outcome.case.report})")
                for line, symbol in outcome.fixed_alarms:
                    lines.append(f"\n- {batch}/{outcome.case.name}: false alarm in the fixed file, "
                                 f"{outcome.case.path}:{line} {symbol}")
    return "\n".join(lines)


def record_first_run(batch: str, outcomes: list[Outcome]) -> str:
    if any(outcome.error for outcome in outcomes):
        return f"{batch}: not recorded: a first run measures every case (see the cases not measured)"
    rows = list(csv.DictReader(FIRST_RUNS.open(encoding="utf-8"))) if FIRST_RUNS.exists() else []
    if any(row["batch"] == batch for row in rows):
        return f"{batch}: a first run is recorded already; this run is a re-run and is not recorded"
    linter = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short=12", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    row = {"batch": batch, "date": datetime.date.today().isoformat(), "linter": linter, **totals(outcomes),
           "note": ""}
    new_file = not FIRST_RUNS.exists()
    with FIRST_RUNS.open("a", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIRST_RUN_COLUMNS)
        if new_file:
            writer.writeheader()
        writer.writerow(row)
    return f"{batch}: first run recorded in {FIRST_RUNS.relative_to(REPO)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", type=Path, required=True, help="folder of local git directories")
    parser.add_argument("--batch", action="append", help="a batch's name (repeatable; default: all)")
    parser.add_argument("--misses", action="store_true", help="list each hazard not found unasked")
    parser.add_argument("--record", action="store_true", help="record the chosen batches' first run")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
                        / "tfgraph-lint-recall-real")
    args = parser.parse_args(argv)
    files = {path.stem: path for path in sorted(BATCHES.glob("*.toml"))}
    chosen = args.batch or list(files)
    unknown = [name for name in chosen if name not in files]
    if unknown:
        parser.error(f"unknown batch {', '.join(unknown)}; batches: {', '.join(files) or 'none'}")
    results = {name: [measure(case, args.mirror, args.cache) for case in load_batch(files[name])]
               for name in chosen}
    print(render(results, args.misses))
    if args.record:
        for name in chosen:
            print(record_first_run(name, results[name]), file=sys.stderr)
    return 2 if any(o.error for outcomes in results.values() for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
