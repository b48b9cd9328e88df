"""The tables of benchmarks/precision.py: findings scored against their verdicts.

Verdicts (``benchmarks/review/<corpus>.csv``, column ``verdict``), one per finding a reviewer read:

- ``true``: the finding's claim holds and the code should change (a hazard the author did not mean);
- ``deliberate``: the claim holds, but the author means it (a trace-time log or a print that shows
  tracing, a retrace asked for): a correct finding the author suppresses once, not a false alarm;
- ``false-context``: the claim does not hold here because of where the code runs (it is never
  traced, runs eagerly, or the branch is never taken under tracing);
- ``false-rule``: the rule's claim is wrong for this code (the value is not what the rule
  assumes, the shape is harmless);
- a finding no verdict matches is ``unreviewed`` and counts as neither true nor deliberate.

Every figure is given twice: **claim precision**, (true + deliberate) / findings, whether what the
finding says is so; and **actionable precision**, true / findings, whether the user has something to
fix. Each comes with its sample size (``n``).

The corpora are of three kinds (benchmarks/corpus_kinds.py): libraries, users' code and research,
and teaching material. Teaching material demonstrates tracing on purpose, so it is shown as its own
row and left out of the figures that set the defaults and that the targets are checked on (``users'
code and libraries`` below); the all-corpora figure is shown too, for comparison with earlier runs.

The linter is run with every rule at every confidence, and the findings are counted twice:

- as shipped: what ``tfgraph-lint`` reports unasked, by this checkout's measured defaults
  (``tfgraph_lint/core/measured_defaults.py``: the opt-in rules left out, and each rule at its
  default levels). The targets are checked on users' code and libraries: claim precision >= 95 %
  and actionable precision >= 88 % overall, and claim precision >= 80 % for every rule with at
  least 20 findings;
- every rule at each level: what decides those defaults. A rule's default is judged only on at
  least 20 findings (HIGH and INFERENCE, users' code and libraries); below that it keeps the level
  it ships with, and the table says how thin the evidence is. A judged rule earns "on" when its
  HIGH and INFERENCE findings together reach the rule target (claim precision), "on, HIGH only"
  when its HIGH ones alone do, else "opt-in"; a judged rule that ships otherwise is a missed
  target, so the defaults cannot drift from the figures.

Held-out batches (benchmarks/held_out.py) are shown each with its first run as recorded next to
its re-run now. Stale verdicts (a verdict no finding matches any more) are looked for among all
findings.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_kinds import KINDS_ORDER, TEACHING, UNCLASSIFIED, kind_of, sets_defaults  # beside this script
from held_out import SHIPPED, Batch, FirstRun

from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW
from tfgraph_lint.core.measured_defaults import OPT_IN, default_levels

COLUMNS = ("path", "line", "rule", "verdict", "reason", "reviewed_at")
VERDICTS = ("true", "deliberate", "false-context", "false-rule")
CLAIM_TRUE = ("true", "deliberate")  # the verdicts whose finding says what is so
TARGET_CLAIM, TARGET_ACTIONABLE = 0.95, 0.88  # overall, as shipped, users' code and libraries
TARGET_RULE, TARGET_RULE_MIN_FINDINGS = 0.80, 20  # a rule's claim precision, judged on >= 20 findings
LEVELS = (HIGH, INFERENCE, LOW)
ON, HIGH_ONLY, OPT_IN_STATE = "on", "on, HIGH only", "opt-in"
DEFAULTS_ROW = "users' code and libraries"


def key_of(finding: dict) -> tuple[str, str, int, str]:
    return finding["corpus"], finding["path"], int(finding["line"]), finding["code"]


def reported_unasked(finding: dict) -> bool:
    """Whether ``tfgraph-lint`` with no rule or level chosen reports this finding."""
    return finding["code"] not in OPT_IN and finding["confidence"] in default_levels(finding["code"])


def shipped_state(code: str) -> str:
    if code in OPT_IN:
        return OPT_IN_STATE
    return HIGH_ONLY if default_levels(code) == {HIGH} else ON


def _file_kind(path: str) -> str:
    return "notebook (.ipynb)" if ".ipynb:cell " in path else "module (.py)"


@dataclass
class Tally:
    counts: Counter = field(default_factory=Counter)

    def add(self, verdict: str) -> None:
        self.counts["findings"] += 1
        self.counts[verdict] += 1

    @property
    def findings(self) -> int:
        return self.counts["findings"]

    @property
    def claim_true(self) -> int:
        return sum(self.counts[verdict] for verdict in CLAIM_TRUE)

    @property
    def claim(self) -> float:
        """(true + deliberate) / findings."""
        return self.claim_true / self.findings if self.findings else float("nan")

    @property
    def actionable(self) -> float:
        """true / findings."""
        return self.counts["true"] / self.findings if self.findings else float("nan")

    def judged(self) -> bool:
        return self.findings >= TARGET_RULE_MIN_FINDINGS

    def meets_rule_target(self) -> bool:
        return not self.judged() or self.claim >= TARGET_RULE

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.counts + other.counts)


class Report:
    """``kinds``: corpus -> kind (default benchmarks/corpus_kinds.py); ``shipped``: whether a finding
    is reported unasked (default: this checkout's measured defaults)."""

    def __init__(self, findings: list[dict], verdicts: dict, kinds: dict[str, str] | None = None,
                 shipped: Callable[[dict], bool] = reported_unasked) -> None:
        self.kinds = kinds
        # As shipped (reported unasked), on users' code and libraries unless said:
        self.by_rule: dict[str, Tally] = defaultdict(Tally)
        self.by_rule_teaching: dict[str, Tally] = defaultdict(Tally)
        self.by_confidence: dict[str, Tally] = defaultdict(Tally)
        self.by_corpus: dict[str, Tally] = defaultdict(Tally)  # every corpus
        self.by_file_kind: dict[str, Tally] = defaultdict(Tally)  # notebooks are read cell by cell, run by hand
        self.by_kind: dict[str, Tally] = defaultdict(Tally)
        self.overall = Tally()  # users' code and libraries: what the targets are checked on
        self.everything = Tally()  # every corpus, teaching included
        # Every finding, by rule and level (users' code and libraries: what decides the defaults):
        self.by_rule_level: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
        # Every rule at HIGH and INFERENCE, per corpus and per kind (the re-run of a batch's first run):
        self.every_rule_by_corpus: dict[str, Tally] = defaultdict(Tally)
        self.every_rule_by_kind: dict[str, Tally] = defaultdict(Tally)
        self.unreviewed: list[dict] = []
        self.findings: list[dict] = []  # sorted
        matched: set = set()
        for finding in sorted(findings, key=lambda f: (f["corpus"], f["path"], f["line"], f["code"])):
            key = key_of(finding)
            verdict = verdicts.get(key, {}).get("verdict", "unreviewed")
            if verdict == "unreviewed":
                self.unreviewed.append(finding)
            else:
                matched.add(key)
            self.findings.append(finding)
            rule = f"{finding['code']} {finding['symbol']}"
            kind = self.kind(finding["corpus"])
            if sets_defaults(kind):
                self.by_rule_level[rule][finding["confidence"]].add(verdict)
            if finding["confidence"] in (HIGH, INFERENCE):
                self.every_rule_by_corpus[finding["corpus"]].add(verdict)
                self.every_rule_by_kind[kind].add(verdict)
            if not shipped(finding):
                continue
            self.by_corpus[finding["corpus"]].add(verdict)
            self.by_kind[kind].add(verdict)
            self.everything.add(verdict)
            if not sets_defaults(kind):
                self.by_rule_teaching[rule].add(verdict)
                continue
            for tally in (self.by_rule[rule], self.by_confidence[finding["confidence"]],
                          self.by_file_kind[_file_kind(finding["path"])], self.overall):
                tally.add(verdict)
        self.stale = [row for key, row in sorted(verdicts.items()) if key not in matched]

    def kind(self, corpus: str) -> str:
        return kind_of(corpus, self.kinds)

    def every_rule(self, rule: str) -> Tally:
        """``rule``'s HIGH and INFERENCE findings on users' code and libraries."""
        levels = self.by_rule_level.get(rule, {})
        return levels.get(HIGH, Tally()) + levels.get(INFERENCE, Tally())

    def earned_state(self, rule: str) -> str:
        """The default the measurement supports for ``rule`` (its code and symbol), were it judged."""
        high = self.by_rule_level.get(rule, {}).get(HIGH, Tally())
        if self.every_rule(rule).findings and self.every_rule(rule).claim >= TARGET_RULE:
            return ON
        return HIGH_ONLY if high.findings and high.claim >= TARGET_RULE else OPT_IN_STATE

    def measured_state(self, rule: str) -> str:
        both = self.every_rule(rule)
        if not both.judged():
            return f"keeps its level ({both.findings} < {TARGET_RULE_MIN_FINDINGS} findings)"
        return self.earned_state(rule)

    def missed_targets(self) -> list[str]:
        failures = []
        if not self.overall.findings or self.overall.claim < TARGET_CLAIM:
            failures.append(f"claim precision {self.overall.claim:.1%} < {TARGET_CLAIM:.0%}")
        if not self.overall.findings or self.overall.actionable < TARGET_ACTIONABLE:
            failures.append(f"actionable precision {self.overall.actionable:.1%} < {TARGET_ACTIONABLE:.0%}")
        for rule, tally in sorted(self.by_rule.items()):
            if not tally.meets_rule_target():
                failures.append(f"{rule.split()[0]} claim {tally.claim:.0%} < {TARGET_RULE:.0%} (n={tally.findings})")
        for rule in sorted(self.by_rule_level):
            if not self.every_rule(rule).judged():
                continue  # too few to judge a default by: the rule keeps its level
            shipped, earned = shipped_state(rule.split()[0]), self.earned_state(rule)
            if shipped != earned:
                failures.append(f"{rule.split()[0]} ships {shipped!r}, measured {earned!r}")
        return failures

    def unclassified(self) -> list[str]:
        return sorted({finding["corpus"] for finding in self.findings if self.kind(finding["corpus"]) == UNCLASSIFIED})

    def print(self, filtered: bool = False) -> None:
        print(f"\nAs shipped: what tfgraph-lint reports unasked (tfgraph_lint/core/measured_defaults.py); claim = "
              f"(true + deliberate) / n, actionable = true / n. Targets on {DEFAULTS_ROW}: claim >= "
              f"{TARGET_CLAIM:.0%}, actionable >= {TARGET_ACTIONABLE:.0%}")
        kinds = {kind: self.by_kind[kind] for kind in KINDS_ORDER if kind in self.by_kind}
        _table("kind", kinds, [(DEFAULTS_ROW, self.overall), ("all corpora", self.everything)])
        if self.unclassified():
            print(f"  unclassified (counted with {DEFAULTS_ROW}): {', '.join(self.unclassified())}")
        _table(f"rule ({DEFAULTS_ROW})", self.by_rule, [(DEFAULTS_ROW, self.overall)])
        _table("rule (teaching)", self.by_rule_teaching, [("teaching", self.by_kind[TEACHING])])
        _table(f"confidence ({DEFAULTS_ROW})", self.by_confidence, [(DEFAULTS_ROW, self.overall)])
        _table(f"file kind ({DEFAULTS_ROW})", self.by_file_kind, [(DEFAULTS_ROW, self.overall)])
        _table("corpus", {f"{name} ({self.kind(name)})": tally for name, tally in self.by_corpus.items()},
               [("all corpora", self.everything)])
        self._print_levels()
        print(f"\nStale verdicts (match no finding now: a fixed false positive, or a LOST true positive): {len(self.stale)}")
        if filtered and self.stale:
            print("  (--lint-args differ from the default: verdicts of rules or confidences left out show here too)")
        for row in self.stale:
            lost = {"true": "  <-- recall lost",
                    "deliberate": "  (a correct finding no longer made)"}.get(row["verdict"], "")
            print(f"  {row['corpus']}: {row['path']}:{row['line']} {row['rule']} was {row['verdict']}{lost}")
        if self.unreviewed:
            print(f"\nUnreviewed findings (counted as neither true nor deliberate): {len(self.unreviewed)}")
            for finding in self.unreviewed[:30]:
                print(f"  {finding['corpus']}: {finding['path']}:{finding['line']} {finding['code']} {finding['message'][:100]}")
            if len(self.unreviewed) > 30:
                print(f"  ... and {len(self.unreviewed) - 30} more (--unreviewed-out FILE lists them all)")

    def _print_levels(self) -> None:
        print(f"\nEvery rule at each level on {DEFAULTS_ROW} (true / n at each level; claim and actionable at "
              f"HIGH+INFERENCE), and the default the measurement supports (judged on >= {TARGET_RULE_MIN_FINDINGS} "
              f"findings, claim >= {TARGET_RULE:.0%})")
        heads = ("rule", *LEVELS, "HIGH+INFERENCE n", "claim", "actionable", "shipped", "measured")
        rows = []
        for rule in sorted(self.by_rule_level):
            levels, both = self.by_rule_level[rule], self.every_rule(rule)
            rows.append([rule, *(_ratio(levels.get(level, Tally())) for level in LEVELS), str(both.findings),
                         *_percents(both), shipped_state(rule.split()[0]), self.measured_state(rule)])
        for kind in KINDS_ORDER:
            if kind in self.every_rule_by_kind:
                tally = self.every_rule_by_kind[kind]
                rows.append([f"all rules, {kind}", "", "", "", str(tally.findings), *_percents(tally), "", ""])
        _markdown(heads, rows)


def print_batches(report: Report, batches: Iterable[Batch], measured: Iterable[str]) -> None:
    """Each held-out batch's first run as recorded, next to its re-run now (shipped, and every rule at
    HIGH+INFERENCE, the default of most first runs); ``measured``: the corpora this run linted."""
    measured = set(measured)
    print("\nHeld-out batches: first run (as recorded when reviewed) and re-run now (claim / actionable, n)")
    heads = ("batch (date, pinned by)", "corpora (kinds)", "first run counted", "first run", "first, every rule",
             "now shipped", "now every rule")
    rows, first, first_every, now, now_every = [], Tally(), Tally(), Tally(), Tally()
    for batch in batches:
        present = [name for name in batch.corpora if name in measured]
        if not present:
            continue
        shipped = sum((report.by_corpus.get(name, Tally()) for name in present), Tally())
        every = sum((report.every_rule_by_corpus.get(name, Tally()) for name in present), Tally())
        kinds = Counter(report.kind(name) for name in present)
        what = f"{len(present)}" + (f" of {len(batch.corpora)}" if len(present) < len(batch.corpora) else "")
        what += " (" + ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())) + ")"
        every_then = batch.first_run if batch.counted != SHIPPED else batch.first_run_every_rule
        rows.append([batch.label, what, batch.counted if batch.first_run else "not run yet",
                     _first(batch.first_run), _first(every_then) if batch.counted == SHIPPED else "(same)",
                     _cell(shipped), _cell(every)])
        first += _as_tally(batch.first_run)
        first_every += _as_tally(every_then)
        now, now_every = now + shipped, now_every + every
    if rows:
        rows.append(["**all batches**", "", "", _first(_as_first(first)), _first(_as_first(first_every)),
                     _cell(now), _cell(now_every)])
        _markdown(heads, rows)


def _as_tally(run: FirstRun | None) -> Tally:
    if run is None:
        return Tally()
    return Tally(Counter(findings=run.findings, true=run.true))


def _as_first(tally: Tally) -> FirstRun:
    return FirstRun(tally.findings, tally.counts["true"])


def _first(run: FirstRun | None) -> str:
    if run is None:
        return "-"
    if not run.findings:
        return "0/0"
    actionable = f"{run.true}/{run.findings} {run.true / run.findings:.0%} actionable"
    if run.deliberate is None:
        return actionable
    claimed = run.true + run.deliberate
    return f"{claimed}/{run.findings} {claimed / run.findings:.0%} claim, {actionable}"


def _cell(tally: Tally) -> str:
    if not tally.findings:
        return "n=0"
    return f"{tally.claim:.0%} / {tally.actionable:.0%}, n={tally.findings}"


def _percents(tally: Tally) -> list[str]:
    if not tally.findings:
        return ["-", "-"]
    return [f"{tally.claim_true}/{tally.findings} {tally.claim:.0%}",
            f"{tally.counts['true']}/{tally.findings} {tally.actionable:.0%}"]


def _ratio(tally: Tally) -> str:
    return f"{tally.counts['true']}/{tally.findings}" if tally.findings else "-"


def _markdown(heads: tuple[str, ...], rows: list[list[str]]) -> None:
    widths = [max(len(row[i]) for row in [list(heads), *rows]) for i in range(len(heads))]
    print("\n| " + " | ".join(f"{head:<{width}}" for head, width in zip(heads, widths)) + " |")
    print("|" + "|".join("-" * (width + 1) + (":" if i else "-") for i, width in enumerate(widths)) + "|")
    for row in rows:
        print("| " + " | ".join(f"{cell:<{width}}" if i == 0 else f"{cell:>{width}}"
                                for i, (cell, width) in enumerate(zip(row, widths))) + " |")


def _table(label: str, tallies: dict[str, Tally], totals: list[tuple[str, Tally]]) -> None:
    heads = ("n", "true", "deliberate", "false-context", "false-rule", "unreviewed", "claim", "actionable")
    rows = []
    for name, tally in [*sorted(tallies.items()), *((f"**{name}**", tally) for name, tally in totals)]:
        claim, actionable = (f"{tally.claim:.1%}", f"{tally.actionable:.1%}") if tally.findings else ("-", "-")
        rows.append([name, *(str(tally.counts["findings" if head == "n" else head]) for head in heads[:6]),
                     claim, actionable])
    _markdown((label, *heads), rows)


def write_stubs(path: Path, findings: list[dict]) -> None:
    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(("corpus", *COLUMNS, "message", "traced_because"))
        for finding in findings:
            writer.writerow((finding["corpus"], finding["path"], finding["line"], finding["code"], "", "", commit,
                             finding["message"], " / ".join(finding.get("traced_because", []))))


def write_findings(path: Path, findings: list[dict], verdicts: dict) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(("corpus", "path", "line", "rule", "confidence", "verdict", "reason", "message"))
        for finding in findings:
            row = verdicts.get(key_of(finding), {"verdict": "unreviewed", "reason": ""})
            writer.writerow((finding["corpus"], finding["path"], finding["line"], finding["code"],
                             finding["confidence"], row["verdict"], row["reason"], finding["message"]))
