"""The review corpus's verdicts (benchmarks/review/*.csv) are well-formed data.

benchmarks/precision.py downloads the corpus and scores findings against these verdicts; that
needs the network and minutes, so CI checks only what can be checked here: every file belongs to
a corpus the script knows, every row has the columns, a known rule, a known verdict and a reason,
and no finding has two verdicts.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import pytest

from tfgraph_lint.core.registry import lookup

from benchmark_scripts import load

ROOT = Path(__file__).resolve().parents[2]
REVIEW = ROOT / "benchmarks" / "review"


PRECISION = load("precision")
FILES = sorted(REVIEW.glob("*.csv"))


def test_every_verdict_file_is_a_known_corpus():
    known = {wheel.corpus for wheel in PRECISION.WHEELS} | {corpus.corpus for corpus in PRECISION.GIT_CORPORA}
    assert FILES and {path.stem for path in FILES} <= known


def test_git_corpora_are_pinned_and_distinct():
    names = [corpus.corpus for corpus in PRECISION.GIT_CORPORA]
    assert PRECISION.KERAS_IO in names and len(set(names)) == len(names)
    assert not set(names) & {wheel.corpus for wheel in PRECISION.WHEELS}
    caches = [corpus.cache_name for corpus in PRECISION.GIT_CORPORA]
    assert len(set(caches)) == len(caches)
    for corpus in PRECISION.GIT_CORPORA:
        assert re.fullmatch(r"[0-9a-f]{40}", corpus.commit), corpus.corpus  # a commit, not a branch
        assert corpus.url.startswith("https://") and corpus.suffixes, corpus.corpus


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_rows_are_well_formed(path):
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert tuple(reader.fieldnames) == PRECISION.COLUMNS
        rows = list(reader)
    assert rows, f"{path.name} has no verdicts"
    seen = set()
    for number, row in enumerate(rows, start=2):
        where = f"{path.name}:{number}"
        assert row["verdict"] in PRECISION.VERDICTS, where
        assert lookup(row["rule"]) is not None and row["rule"].startswith("TFG"), where
        # a notebook's finding: <file>.ipynb:cell N, its line counted within that cell
        assert int(row["line"]) > 0 and re.search(r"\.py$|\.ipynb:cell [1-9][0-9]*$", row["path"]), where
        assert row["reason"].strip() and row["reviewed_at"].strip(), where
        key = (row["path"], int(row["line"]), row["rule"])
        assert key not in seen, f"{where}: a second verdict for {key}"
        seen.add(key)


def test_loading_refuses_an_unknown_verdict(tmp_path):
    (tmp_path / "tf-keras.csv").write_text(
        ",".join(PRECISION.COLUMNS) + "\nx.py,1,TFG101,maybe,why,abc\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not one of"):
        PRECISION.load_verdicts(tmp_path, ["tf-keras"])


def test_notebook_findings_are_keyed_by_cell(tmp_path):
    """Two cells of one notebook may have a finding on the same line: the cell tells them apart."""
    linter = tmp_path / "linter.py"
    linter.write_text("import json\nprint(json.dumps([" + ", ".join(
        '{"path": "./nb.ipynb", "line": 3, "code": "TFG101", "cell": %d}' % cell for cell in (2, 5)) + "]))\n",
        encoding="utf-8")
    found = PRECISION.run_linter([sys.executable, str(linter)], tmp_path)
    assert [finding["path"] for finding in found] == ["nb.ipynb:cell 2", "nb.ipynb:cell 5"]


def test_diagnostics_are_not_scored():
    assert PRECISION.is_diagnostic("TFG001") and PRECISION.is_diagnostic("I0013")
    assert not PRECISION.is_diagnostic("TFG101")


def test_report_tallies_notebooks_apart_from_modules():
    findings = [{"corpus": "c", "path": p, "line": 1, "code": "TFG101", "symbol": "python-print-in-graph",
                 "confidence": "HIGH"} for p in ("a.py", "nb.ipynb:cell 2", "nb.ipynb:cell 3")]
    verdicts = {("c", "a.py", 1, "TFG101"): {"verdict": "true"},
                ("c", "nb.ipynb:cell 2", 1, "TFG101"): {"verdict": "deliberate"}}
    report = PRECISION.Report(findings, verdicts)
    modules, notebooks = report.by_file_kind["module (.py)"], report.by_file_kind["notebook (.ipynb)"]
    assert (modules.findings, modules.counts["true"]) == (1, 1)
    assert (notebooks.findings, notebooks.counts["true"], notebooks.counts["unreviewed"]) == (2, 0, 1)


def test_excluded_paths_are_left_out_of_a_git_corpus(tmp_path):
    """A corpus may leave out files it could not be reviewed on (say why where it is listed)."""
    import subprocess
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("kept.py", "left_out.py"):
        (repo / name).write_text("x = 1\n", encoding="utf-8")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "files"], check=True)
    commit = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    corpus = PRECISION.GitCorpus("tf-keras", "https://example.invalid/repo", commit, excluded=("left_out.py",))
    root = PRECISION.git_corpus_root(corpus, tmp_path / "cache", str(repo))
    assert sorted(p.name for p in root.glob("*.py")) == ["kept.py"]


def _finding(code: str, symbol: str, confidence: str, line: int) -> dict:
    return {"corpus": "c", "path": "a.py", "line": line, "code": code, "symbol": symbol, "confidence": confidence}


def test_report_counts_as_shipped_only_what_is_reported_unasked():
    # TFG103 ships at HIGH alone, TFG107 is opt-in (tfgraph_lint/core/measured_defaults.py).
    findings = [_finding("TFG103", "python-side-effect-in-graph", "HIGH", 1),
                _finding("TFG103", "python-side-effect-in-graph", "INFERENCE", 2),
                _finding("TFG107", "mutable-global-capture", "HIGH", 3)]
    verdicts = {("c", "a.py", 1, "TFG103"): {"verdict": "true"}, ("c", "a.py", 2, "TFG103"): {"verdict": "deliberate"},
                ("c", "a.py", 3, "TFG107"): {"verdict": "true"}}
    report = PRECISION.Report(findings, verdicts)
    assert (report.overall.findings, report.overall.counts["true"]) == (1, 1)
    assert list(report.by_rule) == ["TFG103 python-side-effect-in-graph"]
    levels = report.by_rule_level["TFG103 python-side-effect-in-graph"]
    assert (levels["HIGH"].findings, levels["INFERENCE"].findings) == (1, 1)
    assert not report.stale and not report.unreviewed  # every finding is matched, shipped or not


def test_every_corpus_has_a_kind():
    """Teaching material is reported apart from users' code and libraries: classify each new corpus
    by what it is (its ``kind`` in benchmarks/corpora)."""
    kinds = sys.modules["corpus_kinds"]
    known = [wheel.corpus for wheel in PRECISION.WHEELS] + [corpus.corpus for corpus in PRECISION.GIT_CORPORA]
    assert [name for name in known if name not in kinds.KINDS] == []
    assert set(kinds.KINDS) <= set(known)
    assert set(kinds.KINDS.values()) <= {kinds.LIBRARY, kinds.USER_CODE, kinds.TEACHING}


def test_every_held_out_corpus_is_in_one_batch():
    """A batch pinned before its first run is a file of benchmarks/corpora, with its first run."""
    held_out = sys.modules["held_out"]
    known = [wheel.corpus for wheel in PRECISION.WHEELS] + [corpus.corpus for corpus in PRECISION.GIT_CORPORA]
    in_batches = [name for batch in held_out.BATCHES for name in batch.corpora]
    assert len(in_batches) == len(set(in_batches)), "a corpus in two batches"
    assert sorted(in_batches + list(held_out.TUNED_ON)) == sorted(known)
    for batch in held_out.BATCHES:
        assert all(re.fullmatch(r"[0-9a-f]{7,40}", commit) for commit in batch.pinned_by), batch.label
        assert batch.date and batch.label.strip() != batch.date, "a batch has its date and a commit or name"
        if batch.first_run is not None:
            assert 0 <= batch.first_run.true <= batch.first_run.findings, batch.label
