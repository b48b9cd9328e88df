"""The tables of benchmarks/precision.py: findings scored against their verdicts (issue 11).

The linter is run with every rule at every confidence, and the findings are counted twice:

- as shipped: what ``tfgraph-lint`` reports unasked, by this checkout's measured defaults
  (``tfgraph_lint/core/measured_defaults.py``: the opt-in rules left out, and each rule at its
  default levels). The targets (nine in ten overall, four in five for every rule with five
  findings or more) are checked on these;
- every rule at each level: what decides those defaults. A rule earns "on" when its HIGH and
  INFERENCE findings together meet the rule target, "on, HIGH only" when its HIGH ones alone do
  (and there are some), else "opt-in"; a shipped default the measurement does not support (for a
  rule with five findings or more at HIGH and INFERENCE) is a missed target too, so the defaults
  cannot drift from the figures.

Stale verdicts (a verdict no finding matches any more) are looked for among all findings.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW
from tfgraph_lint.core.measured_defaults import OPT_IN, default_levels

COLUMNS = ("path", "line", "rule", "verdict", "reason", "reviewed_at")
TARGET_OVERALL, TARGET_RULE, TARGET_RULE_MIN_FINDINGS = 0.90, 0.80, 5
LEVELS = (HIGH, INFERENCE, LOW)
ON, HIGH_ONLY, OPT_IN_STATE = "on", "on, HIGH only", "opt-in"


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
    def precision(self) -> float:
        return self.counts["true"] / self.findings if self.findings else float("nan")

    def meets_rule_target(self) -> bool:
        return self.findings < TARGET_RULE_MIN_FINDINGS or self.precision >= TARGET_RULE

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.counts + other.counts)


class Report:
    def __init__(self, findings: list[dict], verdicts: dict) -> None:
        # As shipped (reported unasked):
        self.by_rule: dict[str, Tally] = defaultdict(Tally)
        self.by_confidence: dict[str, Tally] = defaultdict(Tally)
        self.by_corpus: dict[str, Tally] = defaultdict(Tally)
        self.by_file_kind: dict[str, Tally] = defaultdict(Tally)  # notebooks are read cell by cell, run by hand
        self.overall = Tally()
        # Every finding, by rule and level:
        self.by_rule_level: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
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
            self.by_rule_level[rule][finding["confidence"]].add(verdict)
            if not reported_unasked(finding):
                continue
            for tally in (self.by_rule[rule], self.by_confidence[finding["confidence"]],
                          self.by_corpus[finding["corpus"]], self.by_file_kind[_file_kind(finding["path"])],
                          self.overall):
                tally.add(verdict)
        self.stale = [row for key, row in sorted(verdicts.items()) if key not in matched]

    def earned_state(self, rule: str) -> str:
        """The default the measurement supports for ``rule`` (its code and symbol)."""
        levels = self.by_rule_level.get(rule, {})
        high = levels.get(HIGH, Tally())
        if (high + levels.get(INFERENCE, Tally())).meets_rule_target():
            return ON
        return HIGH_ONLY if high.findings and high.meets_rule_target() else OPT_IN_STATE

    def print(self, filtered: bool = False) -> None:
        print("\nAs shipped: what tfgraph-lint reports unasked (tfgraph_lint/core/measured_defaults.py)")
        _table("rule", self.by_rule, self.overall)
        _table("confidence", self.by_confidence, self.overall)
        _table("corpus", self.by_corpus, self.overall)
        _table("file kind", self.by_file_kind, self.overall)
        self._print_levels()
        print(f"\nStale verdicts (match no finding now: a fixed false positive, or a LOST true positive): {len(self.stale)}")
        if filtered and self.stale:
            print("  (--lint-args differ from the default: verdicts of rules or confidences left out show here too)")
        for row in self.stale:
            lost = "  <-- recall lost" if row["verdict"] == "true" else ""
            print(f"  {row['corpus']}: {row['path']}:{row['line']} {row['rule']} was {row['verdict']}{lost}")
        if self.unreviewed:
            print(f"\nUnreviewed findings (counted as not true): {len(self.unreviewed)}")
            for finding in self.unreviewed[:30]:
                print(f"  {finding['corpus']}: {finding['path']}:{finding['line']} {finding['code']} {finding['message'][:100]}")
            if len(self.unreviewed) > 30:
                print(f"  ... and {len(self.unreviewed) - 30} more (--unreviewed-out FILE lists them all)")

    def _print_levels(self) -> None:
        print("\nEvery rule at each level (true / findings), and the default the measurement supports")
        heads = ("rule", *LEVELS, "HIGH+INFERENCE", "shipped", "measured")
        rows = []
        for rule in sorted(self.by_rule_level):
            levels = self.by_rule_level[rule]
            both = levels.get(HIGH, Tally()) + levels.get(INFERENCE, Tally())
            rows.append([rule, *(_ratio(levels.get(level, Tally())) for level in LEVELS), _ratio(both),
                         shipped_state(rule.split()[0]), self.earned_state(rule)])
        widths = [max(len(row[i]) for row in [list(heads), *rows]) for i in range(len(heads))]
        print("\n| " + " | ".join(f"{head:<{width}}" for head, width in zip(heads, widths)) + " |")
        print("|" + "|".join("-" * (width + 1) + (":" if i else "-") for i, width in enumerate(widths)) + "|")
        for row in rows:
            print("| " + " | ".join(f"{cell:<{width}}" if i == 0 else f"{cell:>{width}}"
                                    for i, (cell, width) in enumerate(zip(row, widths))) + " |")

    def missed_targets(self) -> list[str]:
        failures = []
        if not self.overall.findings or self.overall.precision < TARGET_OVERALL:
            failures.append(f"overall {self.overall.precision:.0%} < {TARGET_OVERALL:.0%}")
        for rule, tally in sorted(self.by_rule.items()):
            if not tally.meets_rule_target():
                failures.append(f"{rule.split()[0]} {tally.precision:.0%} < {TARGET_RULE:.0%}")
        for rule, levels in sorted(self.by_rule_level.items()):
            if (levels.get(HIGH, Tally()) + levels.get(INFERENCE, Tally())).findings < TARGET_RULE_MIN_FINDINGS:
                continue  # too few to judge a default by (a corpus or two measured alone)
            shipped, earned = shipped_state(rule.split()[0]), self.earned_state(rule)
            if shipped != earned:
                failures.append(f"{rule.split()[0]} ships {shipped!r}, measured {earned!r}")
        return failures


def _ratio(tally: Tally) -> str:
    return f"{tally.counts['true']}/{tally.findings}" if tally.findings else "-"


def _table(label: str, tallies: dict[str, Tally], overall: Tally) -> None:
    heads = ("findings", "true", "deliberate", "false-context", "false-rule", "unreviewed")
    width = max([len(label), len("**overall**"), *map(len, tallies)])
    print(f"\n| {label:<{width}} | " + " | ".join(heads) + " | precision |")
    print(f"|{'-' * (width + 2)}|" + "|".join("-" * (len(h) + 1) + ":" for h in heads) + "|----------:|")
    for name, tally in [*sorted(tallies.items()), ("overall", overall)]:
        cells = " | ".join(f"{tally.counts[h]:>{len(h)}}" for h in heads)
        shown = f"**{name}**" if name == "overall" else name
        precision = f"{tally.precision:.1%}" if tally.findings else "-"
        print(f"| {shown:<{width}} | {cells} | {precision:>9} |")


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
