"""The arithmetic of benchmarks/precision_report.py on small fabricated verdict sets.

Claim precision is (true + deliberate) / findings, actionable precision true / findings; teaching
corpora are a row of their own, left out of the figures the targets and defaults are judged on; a
rule's default is judged on 20 findings or more; each held-out batch's first run is shown next to
its re-run. Every figure here is worked out by hand from the fabricated verdicts.
"""

from __future__ import annotations

import sys

import pytest

from benchmark_scripts import load

REPORT = load("precision_report")
HELD_OUT = load("held_out")
KINDS = {"lib": "library", "app": "user-code", "book": "teaching"}
SYMBOLS = {"TFG101": "python-print-in-graph", "TFG102": "python-random-in-graph", "TFG201": "variable-created-in-graph"}


def _findings(corpus: str, code: str, verdicts: list[str], confidence: str = "HIGH", start: int = 1):
    """Findings on lines start, start+1, ... of ``corpus``/a.py, and their verdicts ('unreviewed': none)."""
    findings, table = [], {}
    for line, verdict in enumerate(verdicts, start=start):
        findings.append({"corpus": corpus, "path": "a.py", "line": line, "code": code, "symbol": SYMBOLS[code],
                         "confidence": confidence, "message": "m"})
        if verdict != "unreviewed":
            table[(corpus, "a.py", line, code)] = {"verdict": verdict, "reason": "why", "corpus": corpus,
                                                   "path": "a.py", "line": str(line), "rule": code}
    return findings, table


def _report(*groups, shipped=lambda finding: True, kinds=KINDS):
    findings, verdicts = [], {}
    for group in groups:
        findings += group[0]
        verdicts.update(group[1])
    return REPORT.Report(findings, verdicts, kinds=kinds, shipped=shipped)


def test_claim_counts_deliberate_and_actionable_does_not():
    report = _report(_findings("app", "TFG101", ["true"] * 6 + ["deliberate"] * 2
                               + ["false-context", "unreviewed"]))
    overall = report.overall
    assert (overall.findings, overall.counts["true"], overall.claim_true) == (10, 6, 8)
    assert overall.claim == pytest.approx(0.8) and overall.actionable == pytest.approx(0.6)
    rule = report.by_rule["TFG101 python-print-in-graph"]
    assert (rule.claim, rule.actionable) == (overall.claim, overall.actionable)
    assert report.by_confidence["HIGH"].claim == pytest.approx(0.8)
    assert report.every_rule_by_corpus["app"].claim_true == 8
    assert len(report.unreviewed) == 1


def test_teaching_is_its_own_row_and_sets_nothing():
    report = _report(_findings("lib", "TFG101", ["true"] * 3 + ["false-rule"]),
                     _findings("book", "TFG101", ["deliberate"] * 5 + ["false-context"] * 5))
    assert (report.overall.findings, report.overall.counts["true"]) == (4, 3)  # users' code and libraries
    assert report.everything.findings == 14  # every corpus, teaching included
    teaching = report.by_kind["teaching"]
    assert (teaching.findings, teaching.claim, teaching.actionable) == (10, 0.5, 0.0)
    assert report.by_rule["TFG101 python-print-in-graph"].findings == 4
    assert report.by_rule_teaching["TFG101 python-print-in-graph"].findings == 10
    assert report.every_rule("TFG101 python-print-in-graph").findings == 4  # the defaults are judged without it
    assert report.every_rule_by_kind["teaching"].findings == 10


def test_an_unclassified_corpus_counts_with_users_code_and_is_named():
    report = _report(_findings("new-repo", "TFG101", ["false-rule"]), _findings("app", "TFG101", ["true"], start=5))
    assert report.overall.findings == 2 and report.unclassified() == ["new-repo"]


def test_overall_targets_claim_95_and_actionable_88():
    # 100 findings on users' code: 88 true and 7 deliberate meet both targets exactly.
    met = _report(_findings("app", "TFG102", ["true"] * 88 + ["deliberate"] * 7 + ["false-rule"] * 5))
    assert not [failure for failure in met.missed_targets() if "precision" in failure]
    low_claim = _report(_findings("app", "TFG102", ["true"] * 88 + ["deliberate"] * 6 + ["false-rule"] * 6))
    assert [failure for failure in low_claim.missed_targets() if "precision" in failure] == [
        "claim precision 94.0% < 95%"]
    low_actionable = _report(_findings("app", "TFG102", ["true"] * 87 + ["deliberate"] * 10 + ["false-rule"] * 3))
    assert [failure for failure in low_actionable.missed_targets() if "precision" in failure] == [
        "actionable precision 87.0% < 88%"]
    # Teaching findings, however false, change neither figure.
    with_teaching = _report(_findings("app", "TFG102", ["true"] * 88 + ["deliberate"] * 7 + ["false-rule"] * 5),
                            _findings("book", "TFG102", ["false-rule"] * 50, start=200))
    assert not [failure for failure in with_teaching.missed_targets() if "precision" in failure]


def test_a_rule_is_judged_on_twenty_findings_or_more():
    rule = "TFG101 python-print-in-graph"
    many_true = _findings("app", "TFG102", ["true"] * 400, start=1000)  # keeps the overall targets met
    thin = _report(many_true, _findings("app", "TFG101", ["false-rule"] * 19))
    assert not any(failure.startswith("TFG101") for failure in thin.missed_targets())
    assert thin.measured_state(rule) == "keeps its level (19 < 20 findings)"
    judged = _report(many_true, _findings("app", "TFG101", ["true"] * 15 + ["false-rule"] * 5))
    assert "TFG101 claim 75% < 80% (n=20)" in judged.missed_targets()
    deliberate = _report(many_true, _findings("app", "TFG101", ["true"] * 4 + ["deliberate"] * 12 + ["false-rule"] * 4))
    assert not any(failure.startswith("TFG101 claim") for failure in deliberate.missed_targets())


def test_the_default_a_rule_earns():
    rule = "TFG102 python-random-in-graph"

    def levels(high: list[str], inference: list[str]):
        return _report(_findings("app", "TFG102", high), _findings("app", "TFG102", inference, "INFERENCE", 500))

    assert levels(["true"] * 10, ["deliberate"] * 10).earned_state(rule) == REPORT.ON
    assert levels(["true"] * 10, ["false-rule"] * 10).earned_state(rule) == REPORT.HIGH_ONLY
    nowhere = levels(["true"] * 2 + ["false-rule"] * 8, ["false-context"] * 10)
    assert nowhere.earned_state(rule) == REPORT.OPT_IN_STATE == nowhere.measured_state(rule)
    ships = REPORT.shipped_state("TFG102")
    mismatch = f"TFG102 ships {ships!r}, measured 'opt-in'"
    assert (mismatch in nowhere.missed_targets()) == (ships != REPORT.OPT_IN_STATE)
    # LOW findings never earn a level.
    low_only = _report(_findings("app", "TFG102", ["true"] * 30, "LOW"))
    assert low_only.every_rule(rule).findings == 0 and low_only.measured_state(rule).startswith("keeps its level")


def test_only_shipped_findings_count_as_shipped():
    report = _report(_findings("app", "TFG101", ["true"] * 2), _findings("app", "TFG101", ["false-rule"], "LOW", 9),
                     shipped=lambda finding: finding["confidence"] != "LOW")
    assert report.overall.findings == 2 and report.overall.actionable == 1.0
    assert report.by_rule_level["TFG101 python-print-in-graph"]["LOW"].findings == 1
    assert report.every_rule_by_corpus["app"].findings == 2


def test_stale_verdicts_keep_their_kind_of_verdict():
    findings, verdicts = _findings("app", "TFG101", ["true", "deliberate"])
    report = REPORT.Report(findings[:0], verdicts, kinds=KINDS, shipped=lambda finding: True)
    assert sorted(row["verdict"] for row in report.stale) == ["deliberate", "true"]


def test_batches_show_first_run_next_to_re_run(capsys):
    report = _report(_findings("app", "TFG101", ["true"] * 3 + ["deliberate"]),
                     _findings("book", "TFG101", ["false-rule"] * 4),
                     _findings("lib", "TFG101", ["true"] * 2, "INFERENCE"),
                     shipped=lambda finding: finding["confidence"] == "HIGH")
    batches = (
        HELD_OUT.Batch(("abc1234",), "2026-01-01", ("app", "book"), HELD_OUT.FirstRun(10, 3)),
        HELD_OUT.Batch(("def5678",), "2026-01-02", ("lib", "gone"), HELD_OUT.FirstRun(4, 1), HELD_OUT.SHIPPED,
                       HELD_OUT.FirstRun(6, 2)),
        HELD_OUT.Batch(("0000000",), "2026-01-03", ("unmeasured",), None),
    )
    REPORT.print_batches(report, batches, ["app", "book", "lib"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    first, second, total = rows[1], rows[2], rows[3]
    cells = [cell.strip() for cell in first.strip("|").split("|")]
    assert cells[:4] == ["2026-01-01 abc1234", "2 (1 teaching, 1 user-code)", HELD_OUT.EVERY_RULE_THEN,
                         "3/10 30% actionable"]
    assert cells[5:] == ["50% / 38%, n=8", "50% / 38%, n=8"]  # 4 of 8 claim-true, 3 true
    cells = [cell.strip() for cell in second.strip("|").split("|")]
    assert cells[1] == "1 of 2 (1 library)" and cells[3:] == ["1/4 25% actionable", "2/6 33% actionable",
                                                               "n=0", "100% / 100%, n=2"]
    cells = [cell.strip() for cell in total.strip("|").split("|")]
    assert cells[0] == "**all batches**" and cells[3:] == ["4/14 29% actionable", "5/16 31% actionable",
                                                           "50% / 38%, n=8", "60% / 50%, n=10"]
    assert not any("0000000" in row for row in rows)  # no corpus of it measured
    silent = (HELD_OUT.Batch(("1111111",), "2026-01-04", ("quiet",), HELD_OUT.FirstRun(0, 0)),)
    REPORT.print_batches(report, silent, ["quiet"])
    row = next(line for line in capsys.readouterr().out.splitlines() if "1111111" in line)
    assert [cell.strip() for cell in row.strip("|").split("|")][3:] == ["0/0", "(same)", "n=0", "n=0"]


def test_findings_written_read_back(tmp_path):
    precision = load("precision")
    findings, verdicts = _findings("app", "TFG201", ["true", "unreviewed"])
    out = tmp_path / "findings.csv"
    REPORT.write_findings(out, findings, verdicts)
    again = precision.read_findings(out, {"app"})
    assert [(f["corpus"], f["path"], f["line"], f["code"], f["symbol"], f["confidence"]) for f in again] == [
        ("app", "a.py", 1, "TFG201", "variable-created-in-graph", "HIGH"),
        ("app", "a.py", 2, "TFG201", "variable-created-in-graph", "HIGH")]
    assert precision.read_findings(out, {"other"}) == []
    out.write_text("corpus,path,line,rule\napp,a.py,x,TFG201\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not a row"):
        precision.read_findings(out, {"app"})
