"""Recall of tfgraph-lint on code in the shape of real users' reports.

    python benchmarks/recall.py                  # markdown tables on stdout
    python benchmarks/recall.py --misses         # also list every missed hazard, and those the defaults hide
    python benchmarks/recall.py --corpus DIR     # another folder of annotated cases
    python benchmarks/recall.py --all            # tests/rules/recall, tests/rules/recall_qa, and both together

The corpora are ``tests/rules/recall`` (GitHub issues) and ``tests/rules/recall_qa`` (Q&A threads and
tutorials): one small file per public question (cited in the file's header), reproducing the asker's code shape. Each hazard the asker hit
is marked on its line with the rule symbol it belongs to, in the marker syntax of
``tfgraph_lint/core/markers.py``: ``# [symbol]`` (reported today) or ``# todo: [symbol]`` (a known
miss). Each case has a twin ``<case>_fixed.py`` holding the accepted answer's code, which should
report nothing. ``tests/rules/test_recall_cases.py`` keeps the markers honest, so this script does not
trust them: it lints every file itself and compares.

- expected hazards: every ``[symbol]`` and ``todo: [symbol]`` marker of a case file (``low:``
  markers count too, as hazards found only at LOW confidence);
- found: an expected (line, symbol) the linter reports with every rule chosen, at confidence HIGH
  and INFERENCE (what the rules find; the opt-in rules and the levels left out unasked, see
  ``tfgraph_lint/core/measured_defaults.py``, included); "found unasked", those of them a user
  gets with no rule or level chosen, is counted apart, as is "found at LOW" (not counted as found);
- recall = found / expected, overall, per rule family (TFG1xx, TFG2xx, TFG3xx), per rule and per
  category (the way the hazardous code reaches graph mode, below);
- false alarms: any finding in a ``_fixed`` twin, and any finding in a case file on a line or
  rule no marker names.

Every case file names one category in a ``# category: NAME`` line of its header, from this fixed
vocabulary (``CATEGORIES``): how the marked code gets traced.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tfgraph_lint.core import records  # noqa: E402
from tfgraph_lint.core.config import Config  # noqa: E402
from tfgraph_lint.core.findings import CONFIDENCES  # noqa: E402
from tfgraph_lint.core.markers import parse_markers  # noqa: E402
from tfgraph_lint.core.measured_defaults import LEVELS, OPT_IN  # noqa: E402
from tfgraph_lint.core.registry import lookup  # noqa: E402
from tfgraph_lint.engine import lint_source  # noqa: E402

CORPUS = REPO / "tests" / "rules" / "recall"
CORPORA = (CORPUS, REPO / "tests" / "rules" / "recall_qa")

CATEGORIES = {
    "decorated": "the hazard is in the body of a function or method decorated with @tf.function",
    "helper": "a plain function or self._helper() method called from traced code",
    "python-class": "a method of a plain Python class (replay buffer, image pool) called from a tf.function",
    "keras-layer-model": "call() of a Keras Layer/Model subclass, traced by Keras or a caller",
    "keras-subclass": "Keras Loss/Metric subclass methods (update_state, result, call)",
    "keras-callable": "a plain function or callable object handed to Keras: compile(loss=/metrics=), activation=",
    "dataset-map": "a function (or lambda, or what it calls) passed to tf.data Dataset.map/filter",
    "factory": "a tf.function created inside a function or method that runs repeatedly",
    "call-site": "retracing caused where a tf.function is called (Python scalars or lists as arguments)",
    "tf1-style": "TF1 idioms (.eval(), K.eval, sess.run) left in code that TF2 traces",
    "module-level": "a process-wide setting made at import time (run_functions_eagerly)",
}
_CATEGORY = re.compile(r"^# category: (?P<name>[a-z0-9\-]+)\s*$", re.MULTILINE)


@dataclasses.dataclass
class Case:
    path: Path
    category: str
    expected: set[tuple[int, str]]  # every marked hazard: [symbol], todo: and low: markers
    found: set[tuple[int, str]]  # expected and reported by every rule at HIGH and INFERENCE
    found_unasked: set[tuple[int, str]]  # of those, reported with the defaults (no rule or level chosen)
    found_low: set[tuple[int, str]]  # expected and reported only when LOW is asked for
    unexpected: set[tuple[int, str]]  # reported on no marker: false alarms in a case file
    fixed_alarms: set[tuple[int, str]]  # anything reported in the _fixed twin


def _report(path: Path, config: Config) -> set[tuple[int, str]]:
    return {(f.line, f.symbol) for f in lint_source(path.read_text(encoding="utf-8"), str(path), config)}


def load(corpus: Path) -> list[Case]:
    every_rule = Config.every_rule()
    unasked = Config()
    everything = records.replace(every_rule, confidences=frozenset(CONFIDENCES))
    cases = []
    for path in sorted(corpus.glob("*.py")):
        if path.stem.endswith("_fixed"):
            continue
        text = path.read_text(encoding="utf-8")
        match = _CATEGORY.search(text)
        if not match or match.group("name") not in CATEGORIES:
            raise SystemExit(f"{path}: needs a '# category: NAME' line, NAME one of {sorted(CATEGORIES)}")
        markers = parse_markers(text)
        expected = set(markers.expected | markers.todo | markers.low)
        unknown = sorted({s for _, s in expected if lookup(s) is None})
        if unknown:
            raise SystemExit(f"{path}: markers name unknown rules {unknown}")
        actual, actual_all = _report(path, every_rule), _report(path, everything)
        twin = path.with_name(f"{path.stem}_fixed.py")
        cases.append(Case(
            path=path,
            category=match.group("name"),
            expected=expected,
            found=expected & actual,
            found_unasked=expected & _report(path, unasked),
            found_low=(expected & actual_all) - actual,
            unexpected=actual - expected,
            fixed_alarms=_report(twin, every_rule) if twin.exists() else set(),
        ))
    return cases


def _code(symbol: str) -> str:
    return lookup(symbol).code


def _family(symbol: str) -> str:
    return _code(symbol)[:4] + "xx"


def _pct(found: int, expected: int) -> str:
    return f"{100 * found / expected:.0f} %" if expected else "n/a"


def _table(title: str, rows: dict[str, list[int]], key_header: str) -> list[str]:
    lines = [f"### {title}", "", f"| {key_header} | cases | expected | found | missed | recall |",
             "|---|---:|---:|---:|---:|---:|"]
    for key in sorted(rows):
        n_cases, expected, found = rows[key]
        lines.append(f"| {key} | {n_cases} | {expected} | {found} | {expected - found} | {_pct(found, expected)} |")
    return lines + [""]


def render(cases: list[Case], show_misses: bool) -> str:
    expected = sum(len(c.expected) for c in cases)
    found = sum(len(c.found) for c in cases)
    unasked = sum(len(c.found_unasked) for c in cases)
    low = sum(len(c.found_low) for c in cases)
    fixed_alarms = sum(len(c.fixed_alarms) for c in cases)
    unexpected = sum(len(c.unexpected) for c in cases)
    by_family, by_rule, by_category = defaultdict(lambda: [0, 0, 0]), defaultdict(lambda: [0, 0, 0]), defaultdict(lambda: [0, 0, 0])
    for case in cases:
        case_keys = {"family": set(), "rule": set()}
        for line, symbol in case.expected:
            hit = (line, symbol) in case.found
            for table, key, kind in ((by_family, _family(symbol), "family"),
                                     (by_rule, f"{_code(symbol)} {symbol}", "rule")):
                table[key][1] += 1
                table[key][2] += hit
                if key not in case_keys[kind]:
                    case_keys[kind].add(key)
                    table[key][0] += 1
        by_category[case.category][0] += 1
        by_category[case.category][1] += len(case.expected)
        by_category[case.category][2] += len(case.found)

    out = ["## Recall on real users' code shapes", "",
           f"Overall recall: **{found}/{expected} = {_pct(found, expected)}** of the marked hazards in "
           f"{len(cases)} cases (every rule, confidence HIGH and INFERENCE)."
           + (f" {low} more are reported only at LOW confidence." if low else ""),
           f"With the defaults (no rule or level chosen: {', '.join(sorted(OPT_IN))} off, "
           f"{' and '.join(sorted(LEVELS))} at HIGH alone): {unasked}/{expected} = {_pct(unasked, expected)}.",
           f"False alarms: {fixed_alarms} finding(s) on the {sum(1 for c in cases if c.path.with_name(c.path.stem + '_fixed.py').exists())} "
           f"fixed versions, {unexpected} unmarked finding(s) in case files.", ""]
    out += _table("Per rule family", by_family, "family")
    out += _table("Per category (way into graph mode)", by_category, "category")
    out += _table("Per rule", by_rule, "rule")
    out += ["Categories: " + "; ".join(f"`{k}`: {v}" for k, v in CATEGORIES.items()) + ".", ""]
    alarms = [(c.path.name, c.unexpected) for c in cases if c.unexpected]
    alarms += [(c.path.stem + "_fixed.py", c.fixed_alarms) for c in cases if c.fixed_alarms]
    if alarms:
        out += ["### False alarms", ""] + [f"- {name}: {sorted(items)}" for name, items in alarms] + [""]
    if show_misses:
        out += ["### Misses", "", "| case | category | line | rule |", "|---|---|---:|---|"]
        for case in cases:
            for line, symbol in sorted(case.expected - case.found):
                note = " (LOW only)" if (line, symbol) in case.found_low else ""
                out.append(f"| {case.path.name} | {case.category} | {line} | {_code(symbol)} {symbol}{note} |")
        out.append("")
        out += ["### Found only when asked", "",
                "Found with every rule at HIGH and INFERENCE, but hidden by the defaults.", "",
                "| case | category | line | rule |", "|---|---|---:|---|"]
        for case in cases:
            for line, symbol in sorted(case.found - case.found_unasked):
                out.append(f"| {case.path.name} | {case.category} | {line} | {_code(symbol)} {symbol} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, action="append",
                        help="folder of annotated cases (default: tests/rules/recall); give it again for more")
    parser.add_argument("--all", action="store_true", help="every corpus of tests/, each and together")
    parser.add_argument("--misses", action="store_true", help="list every missed hazard")
    args = parser.parse_args(argv)
    corpora = list(CORPORA) if args.all else (args.corpus or [CORPUS])
    every: list[Case] = []
    for corpus in corpora:
        cases = load(corpus)
        if not cases:
            print(f"no case files in {corpus}", file=sys.stderr)
            return 2
        if len(corpora) > 1:
            print(f"# Corpus {corpus.name}\n")
        print(render(cases, args.misses))
        every.extend(cases)
    if len(corpora) > 1:
        print(f"# All corpora together ({', '.join(c.name for c in corpora)})\n")
        print(render(every, False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
