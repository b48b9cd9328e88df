"""Recall corpora: small files in the shape of real users' reports.

``tests/rules/recall`` follows GitHub issues; ``tests/rules/recall_qa`` follows Q&A threads and tutorials
(the pages a user reads when a tf.function surprises them). Both are checked the same way.

Each case file cites the question it follows and marks the asker's hazard: ``# [symbol]`` where
the linter reports it today, ``# todo: [symbol]`` where it does not yet (a known miss). Its twin
``<case>_fixed.py`` is the accepted answer's version and must report nothing. The same marker
logic as tests/rules/cases (tests/annotated.check_annotated) applies, so a miss that gets fixed forces
flipping its todo marker. ``python benchmarks/recall.py`` turns the markers into a recall table.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from annotated import REPO, check_annotated, reported
from tfgraph_lint.core.markers import parse_markers

RECALL = Path(__file__).resolve().parent / "recall"
RECALL_QA = Path(__file__).resolve().parent / "recall_qa"
CORPORA = (RECALL, RECALL_QA)
_SPEC = importlib.util.spec_from_file_location("recall_benchmark", REPO / "benchmarks" / "recall.py")
recall_benchmark = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = recall_benchmark  # dataclasses look their module up there
_SPEC.loader.exec_module(recall_benchmark)
ALL_FILES = sorted(p for corpus in CORPORA for p in corpus.glob("*.py"))
CASES = [p for p in ALL_FILES if not p.stem.endswith("_fixed")]
FIXED = [p for p in ALL_FILES if p.stem.endswith("_fixed")]
CATEGORIES = set(recall_benchmark.CATEGORIES)  # the script documents the vocabulary
_CATEGORY = re.compile(r"^# category: (?P<name>[a-z0-9\-]+)$", re.MULTILINE)
_SOURCE = re.compile(r"^Source: https://\S+", re.MULTILINE)


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case_reports_exactly_its_markers(path):
    check_annotated(path)


@pytest.mark.parametrize("path", FIXED, ids=[f"{p.parent.name}/{p.stem}" for p in FIXED])
def test_fixed_version_is_silent(path):
    markers = parse_markers(path.read_text(encoding="utf-8"))
    assert not (markers.expected | markers.todo | markers.low), f"{path.name}: fixed files carry no markers"
    assert reported(path) == set(), f"{path.name}: false alarm on the accepted answer's code"


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case_is_well_formed(path):
    text = path.read_text(encoding="utf-8")
    markers = parse_markers(text)
    assert markers.expected | markers.todo, f"{path.name}: a case marks at least one hazard"
    assert _SOURCE.search(text), f"{path.name}: the header cites its question (Source: URL)"
    match = _CATEGORY.search(text)
    assert match and match.group("name") in CATEGORIES, f"{path.name}: '# category:' from {sorted(CATEGORIES)}"
    twin = path.with_name(f"{path.stem}_fixed.py")
    assert twin.exists(), f"{path.name}: missing its fixed twin {twin.name}"
    assert _CATEGORY.search(twin.read_text(encoding="utf-8")).group("name") == match.group("name")
    assert len(text.splitlines()) <= 45, f"{path.name}: keep cases short"


def test_every_fixed_file_has_a_case():
    stems = {(p.parent, p.stem) for p in CASES}
    assert all((p.parent, p.stem[: -len("_fixed")]) in stems for p in FIXED)


# each corpus holds at least 40 cases, so that its figure says something
MINIMUM = {RECALL: 40, RECALL_QA: 40}


@pytest.mark.parametrize("corpus", CORPORA, ids=[c.name for c in CORPORA])
def test_corpus_size(corpus):
    assert len([p for p in CASES if p.parent == corpus]) >= MINIMUM[corpus]


@pytest.mark.parametrize("corpus", CORPORA, ids=[c.name for c in CORPORA])
def test_benchmark_script_counts_the_markers(capsys, corpus):
    assert recall_benchmark.main(["--misses", "--corpus", str(corpus)]) == 0
    table = capsys.readouterr().out
    cases = recall_benchmark.load(corpus)
    expected = sum(len(c.expected) for c in cases)
    found = sum(len(c.found) for c in cases)
    todo = sum(len(parse_markers(c.path.read_text(encoding="utf-8")).todo) for c in cases)
    assert expected - found == todo  # every miss is a todo marker, every todo a miss
    assert f"{found}/{expected}" in table
    assert "| TFG1xx |" in table and "| TFG2xx |" in table and "| TFG3xx |" in table
    assert not any(c.unexpected or c.fixed_alarms for c in cases)


def test_benchmark_script_reports_every_corpus_and_the_sum(capsys):
    assert recall_benchmark.main(["--all"]) == 0
    out = capsys.readouterr().out
    cases = [c for corpus in CORPORA for c in recall_benchmark.load(corpus)]
    found, expected = sum(len(c.found) for c in cases), sum(len(c.expected) for c in cases)
    assert all(f"# Corpus {corpus.name}" in out for corpus in CORPORA)
    assert f"**{found}/{expected} = " in out.split("# All corpora together")[1]
