"""Verify many files on a worker pool: schedule their runs, compare, decide (parent side).

Before any run, a file that cannot run is ERROR, and a module that is not a program, or a program
that turns eager execution off, is NOT RUN (see ``programs``): none of them gets runs. Every other file gets a graph-mode run and an eager run at once; when those two disagree on some value,
a third, eager run with another TensorFlow seed is queued for it (see ``compare``), so files
without such differences cost two runs. The static findings are computed while the workers run.

A script may run code of other files of its project, its helper modules (``helpers``: given by the
command line's project view). Their paths go with each job, so that the runs record effects at
their lines, and their findings (which ``lint`` then returns with the script's) are judged with
the script's: the helper's own finding is confirmed by what happened on its lines.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import ANALYSIS_FAILED
from tfgraph_lint.engine import lint_file
from tfgraph_lint.runtime.values import render
from tfgraph_lint.runtime.verify import notebook_cells, programs
from tfgraph_lint.runtime.verify.compare import Comparison, compare
from tfgraph_lint.runtime.verify.expectations import HeaderCheck, check_header
from tfgraph_lint.runtime.verify.verdicts import (
    ERROR, EXIT_CODES, NOT_RUN, AttributedDivergence, FindingEvidence, decide, home)

_EVERY_RULE = Config.every_rule()  # the runs, not the review corpus, judge each finding

SEED = 1234  # NumPy, random and TensorFlow, in every run
RESEED_SHIFT = 7919  # added to TensorFlow's seed only, in the reseeded eager run

RUN_KINDS = {  # run name -> job fields
    "graph": {"mode": "graph", "tf_seed_shift": 0},
    "eager": {"mode": "eager", "tf_seed_shift": 0},
    "reseeded": {"mode": "eager", "tf_seed_shift": RESEED_SHIFT},
}


@dataclass
class FileResult:
    path: str
    verdict: str
    findings: list[FindingEvidence] = field(default_factory=list)
    divergences: list[AttributedDivergence] = field(default_factory=list)
    error: str | None = None  # why the runs could not be compared (verdict ERROR)
    note: str | None = None  # a one-sided failure that decided an UNCONFIRMED verdict
    header: HeaderCheck | None = None  # for files with a ``# runtime:`` header (every fixture)
    summary: dict = field(default_factory=dict)
    duration: float = 0.0  # seconds of worker time spent on this file's runs
    static_problems: list[str] = field(default_factory=list)  # the linter's own diagnostics (TFG0xx)

    @property
    def exit_code(self) -> int:
        """The verdict's exit status (``EXIT_CODES``); at least 1 for a ``# runtime:`` header not met."""
        code = EXIT_CODES[self.verdict]
        return max(code, 1) if self.header is not None and not self.header.met else code

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "verdict": self.verdict,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "divergences": [d.to_json() for d in self.divergences],
            "error": self.error,
            "note": self.note,
            "runtime_header": self.header.to_json() if self.header else None,
            "summary": self.summary,
            "duration": round(self.duration, 3),
            "static_problems": self.static_problems,
        }


class _File:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.script = str(path.resolve())
        self.display = _display(path)
        self.runs: dict[str, dict] = {}
        self.findings: list[Finding] = []
        self.specs: tuple[str, ...] = ()
        self.result: FileResult | None = None
        self.budget = None  # one time budget for all the runs of this file (the pool's Budget)
        self.futures: list[Future] = []
        self.helpers: list[str] = []  # other files of its project that it imports (absolute paths)
        self.program: programs.Program | None = None  # read once, before any run; None: cannot run


def verify_files(paths: Sequence[Path], submit: Callable[..., Future],
                 on_result: Callable[[FileResult], None] | None = None,
                 lint: Callable[[str], list[Finding]] | None = None,
                 timeout: float | None = None,
                 helpers: Callable[[str], list[str]] | None = None) -> list[FileResult]:
    """Verify ``paths`` with ``submit`` (a WorkerPool's); results in the order of ``paths``.
    ``lint`` gives the static findings of a file (the engine's with every rule, unless a test
    says otherwise),
    and of its helper modules when there are: ``helpers`` gives those of a script (none without).
    ``timeout``: seconds for all the runs of one file together (one budget per file, so that a
    script that hangs costs it once, not once per mode); None: the pool's per-run timeout."""
    from tfgraph_lint.runtime.pool import Budget

    files = [_File(Path(p)) for p in paths]
    pending: dict[Future, tuple[_File, str]] = {}
    if timeout is not None:
        for item in files:
            item.budget = Budget(timeout)

    def start(item: _File, run: str) -> None:
        job = {"script": item.script, "seed": SEED, **RUN_KINDS[run]}
        if item.helpers:
            job["helpers"] = item.helpers
        future = submit(job, item.budget) if item.budget is not None else submit(job)
        item.futures.append(future)
        pending[future] = (item, run)

    unrunnable: dict[_File, str] = {}
    modules: dict[_File, str] = {}
    eager_off: dict[_File, str] = {}
    for item in files:
        try:
            item.program = programs.read_program(item.path)
        except programs.NotRunnable as exc:
            unrunnable[item] = f"it did not run: {exc}"
            continue
        if helpers is not None and item.program.notebook is None:
            item.helpers = [str(Path(h).resolve()) for h in helpers(str(item.path))]
        why = programs.why_not_a_program(item.program)
        if why is not None:
            modules[item] = why
            continue
        why = programs.why_no_eager_reference(item.program)
        if why is not None:
            eager_off[item] = why
            continue
        start(item, "graph")
        start(item, "eager")
    for item in files:  # while the workers run
        if item in unrunnable:
            item.result = FileResult(item.display, ERROR, error=unrunnable[item])
        else:
            item.findings = lint(str(item.path)) if lint is not None else lint_file(str(item.path), _EVERY_RULE)
            item.specs = parse_markers(item.program.source).runtime
            if item in modules:
                importers = [other for other in files if item.script in other.helpers
                             and other not in modules and other not in unrunnable]  # scripts that ran
                item.result = _not_run(item, modules[item], importers)
            elif item in eager_off:
                item.result = _not_comparable(item, eager_off[item])
        if item.result is not None and on_result is not None:
            on_result(item.result)
    while pending:
        # With a timeout, so that Ctrl-C (KeyboardInterrupt) reaches this thread promptly.
        done, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
        for future in done:
            item, run = pending.pop(future)
            item.runs[run] = future.result() if not future.cancelled() else {"run_error": "cancelled"}
            if "run_error" in item.runs[run]:
                for other in item.futures:  # the file is ERROR already: its queued runs need not run
                    if other in pending and other.cancel():
                        item.runs[pending.pop(other)[1]] = {"run_error": f"not run: the {run} run failed"}
            if "graph" not in item.runs or "eager" not in item.runs or item.result is not None:
                continue
            if run != "reseeded":
                comparison = compare(item.runs["graph"], item.runs["eager"])
                if comparison.needs_reseeded_run:
                    start(item, "reseeded")
                    continue
            else:
                comparison = compare(item.runs["graph"], item.runs["eager"], item.runs["reseeded"])
            item.result = _result(item, comparison)
            if on_result is not None:
                on_result(item.result)
    return [item.result for item in files]


def _not_run(item: _File, why: str, importers: list[_File]) -> FileResult:
    """A module: its findings are judged in the runs of the scripts of this batch that import it."""
    if importers:
        where = "judged in the runs of " + ", ".join(other.display for other in importers)
    else:
        where = "judged only by verifying a script that imports it"
    return _unjudged(item, f"{why}; its findings are {where}", where)


def _not_comparable(item: _File, why: str) -> FileResult:
    """A program with no eager mode (TF1 style): no run of it could confirm or clear its findings."""
    return _unjudged(item, why, why)


def _unjudged(item: _File, note: str, reason: str) -> FileResult:
    """NOT RUN: ``note`` says why, ``reason`` is each finding's."""
    unanalysed = _unanalysed(item)
    if unanalysed:  # nothing flagged because nothing was read: an error, not a file judged elsewhere
        return FileResult(item.display, ERROR, error=unanalysed[0])
    findings = [FindingEvidence(f.code, f.symbol, f.line, reason=reason,
                                file=home(f, item.script)) for f in item.findings if f.rule.is_hazard]
    result = FileResult(item.display, NOT_RUN, findings=findings, note=note,
                        static_problems=[f"{f.code} {_where(f, item)}: {f.message}"
                                         for f in item.findings if not f.rule.is_hazard])
    if item.specs:  # an example that must run (every fixture) and did not
        result.header = HeaderCheck(list(item.specs), met=False, problems=[f"expected it to run, but {note}"])
    return result


def _unanalysed(item: _File) -> list[str]:
    return [f"the linter could not analyse it ({_where(f, item)}: {f.message})"
            for f in item.findings if f.code == ANALYSIS_FAILED.code]


def _result(item: _File, comparison: Comparison) -> FileResult:
    program = item.program
    decision = decide(item.findings, comparison, item.runs.get("graph"), item.runs.get("eager"), program.source,
                      item.script)
    if program.notebook is not None:
        decision = notebook_cells.in_cells(decision, program.notebook)
    unanalysed = _unanalysed(item)
    if unanalysed and decision.verdict != ERROR:  # nothing flagged because nothing was read: not CLEAN
        decision = dataclasses.replace(decision, verdict=ERROR, note=unanalysed[0])
    header = None
    if item.specs:
        header = check_header(item.specs, comparison, item.runs.get("graph"), item.runs.get("eager"),
                              decision.verdict)
    return FileResult(
        path=item.display,
        verdict=decision.verdict,
        findings=decision.findings,
        divergences=decision.divergences,
        error=comparison.error or (decision.note if decision.verdict == ERROR else None),
        note=decision.note if decision.verdict != ERROR else None,
        header=header,
        summary={"runs": {name: _run_summary(obs) for name, obs in item.runs.items()},
                 "masked_tf_random": comparison.reseeded},
        duration=sum(obs.get("wall", 0.0) for obs in item.runs.values()),
        static_problems=[f"{f.code} {_where(f, item)}: {f.message}" for f in item.findings if not f.rule.is_hazard],
    )


def _where(finding: Finding, item: _File) -> str:
    if finding.cell is not None:
        return f"cell {finding.cell} line {finding.line - finding.cell_offset}"
    if item.helpers and os.path.realpath(finding.path) != os.path.realpath(item.script):
        return f"{os.path.relpath(os.path.realpath(finding.path), os.path.dirname(item.script))}:{finding.line}"
    return f"line {finding.line}"


def _run_summary(observation: dict) -> dict:
    if "run_error" in observation or "harness_error" in observation:
        return {"failed": observation.get("run_error") or observation["harness_error"].strip().splitlines()[-1]}
    exc = observation.get("exception")
    summary = {
        "mode": observation.get("mode"),
        "seconds": observation.get("duration"),
        "stdout_lines": len(observation.get("stdout", "").splitlines()),
        "exception": f"{exc['type']}: {exc['message'].splitlines()[0] if exc['message'] else ''}" if exc else None,
        "functions": [
            {"name": f["name"], "line": f.get("def_line") or f.get("created_line"),
             "calls": len([c for c in f.get("calls", ()) if not c.get("nested")]),
             "traces": f.get("tracing_count", 0)}
            for f in observation.get("functions", ())
        ],
        "effects": {f"{e['what']} line {e['line']}": e["count"] for e in observation.get("effects", ())},
    }
    if observation.get("has_main"):
        summary["main_returned"] = render(observation.get("returned"))
    if observation.get("exit") is not None:
        summary["exit"] = observation["exit"]
    return summary


def _display(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
        return str(path) if relative.startswith("..") else relative
    except ValueError:  # another drive on Windows
        return str(path)
