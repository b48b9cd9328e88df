"""benchmarks/recall_real.py on a small git repository made here: a pinned case is unpacked from
the mirror, linted with its surroundings, and counted; the fixed commit's alarms are counted apart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import recall_real  # noqa: E402

BUGGY = """import tensorflow as tf


@tf.function
def step(x):
    print("loss", x)
    return x * 2
"""
FIXED = BUGGY.replace('print("loss", x)', 'tf.print("loss", x)')


def _commit(repo: Path, text: str, message: str) -> str:
    (repo / "train.py").write_text(text, encoding="utf-8")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "add", "train.py"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", message], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture()
def mirror(tmp_path):
    repo = tmp_path / "mirror" / "someone+project"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return tmp_path / "mirror", _commit(repo, BUGGY, "buggy"), _commit(repo, FIXED, "fix")


def _case(buggy: str, fixed: str, line: int = 6, still: tuple[int, ...] = ()) -> recall_real.Case:
    return recall_real.Case(name="print", report="https://example.invalid/1", repository="someone/project",
                            commit=buggy, path="train.py",
                            hazards=(recall_real.Hazard(line, "python-print-in-graph"),),
                            fixed_commit=fixed, still=still)


def test_a_listed_hazard_is_found_and_the_fix_is_silent(mirror, tmp_path):
    root, buggy, fixed = mirror
    outcome = recall_real.measure(_case(buggy, fixed), root, tmp_path / "cache")
    assert outcome.error == ""
    assert outcome.found_unasked == {recall_real.Hazard(6, "python-print-in-graph")}
    assert outcome.fixed_alarms == []
    assert recall_real.totals([outcome])["found"] == 1


def test_a_wrong_line_is_a_miss_and_a_fix_that_left_the_hazard_is_an_alarm(mirror, tmp_path):
    root, buggy, _ = mirror
    outcome = recall_real.measure(_case(buggy, buggy, line=7), root, tmp_path / "cache")
    assert outcome.found == set() and outcome.found_unasked == set()
    assert outcome.fixed_alarms == [(6, "python-print-in-graph")]
    kept = recall_real.measure(_case(buggy, buggy, line=7, still=(6,)), root, tmp_path / "cache")
    assert kept.fixed_alarms == []


def test_a_missing_repository_or_commit_is_reported_not_counted(mirror, tmp_path):
    root, _, fixed = mirror
    outcome = recall_real.measure(_case("0" * 40, fixed), root, tmp_path / "cache")
    assert "has no commit" in outcome.error
    assert recall_real.totals([outcome])["cases"] == 0
    elsewhere = recall_real.measure(_case("0" * 40, fixed), tmp_path / "nowhere", tmp_path / "cache")
    assert "no git directory" in elsewhere.error


def test_every_committed_batch_loads_with_pinned_commits():
    batches = sorted(recall_real.BATCHES.glob("*.toml"))
    assert batches, "no batch found: the glob would make this test pass on nothing"
    for path in batches:
        cases = recall_real.load_batch(path)
        assert cases, f"{path.name} lists no case"
        assert len({c.name for c in cases}) == len(cases), f"{path.name}: case names repeat"
        for case in cases:
            assert case.report.startswith("https://"), case.name


def test_a_run_with_a_case_not_measured_is_not_recorded_as_a_first_run(mirror, tmp_path, monkeypatch):
    root, _, fixed = mirror
    monkeypatch.setattr(recall_real, "FIRST_RUNS", tmp_path / "first_runs.csv")
    broken = recall_real.measure(_case("0" * 40, fixed), root, tmp_path / "cache")
    assert "not recorded" in recall_real.record_first_run("b", [broken])
    assert not (tmp_path / "first_runs.csv").exists()


def test_a_blob_the_mirror_lacks_is_left_out_and_the_case_still_measured(tmp_path):
    # A snapshot may lack a large notebook's blob: the archive of the tree must not fail on it.
    repo = tmp_path / "mirror" / "someone+project"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "big.ipynb").write_text('{"cells": [], "nbformat": 4, "nbformat_minor": 5, "metadata": {}}\n',
                                    encoding="utf-8")
    subprocess.run(["git", "-C", str(repo), "add", "big.ipynb"], check=True)
    buggy = _commit(repo, BUGGY, "buggy")
    blob = subprocess.run(["git", "-C", str(repo), "rev-parse", f"{buggy}:big.ipynb"], check=True,
                          capture_output=True, text=True).stdout.strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    outcome = recall_real.measure(_case(buggy, ""), tmp_path / "mirror", tmp_path / "cache")
    assert outcome.error == ""
    assert outcome.found_unasked == {recall_real.Hazard(6, "python-print-in-graph")}
    unpacked = tmp_path / "cache" / "src" / f"someone+project-{buggy[:12]}" / "project"  # as a clone names it
    assert (unpacked / "train.py").is_file() and not (unpacked / "big.ipynb").exists()



def test_a_tree_is_unpacked_as_a_clone_its_own_project(mirror, tmp_path):
    """Unpacked in a folder named as the repository, with ``.git`` marking the project's root, as
    ``git clone`` leaves it: the linter's project is the repository, not the cache holding every tree."""
    root, buggy, _ = mirror
    tree = recall_real.unpacked_tree(root, "someone/project", buggy, tmp_path / "cache")
    assert tree.name == "project" and (tree / ".git").is_dir() and (tree / "train.py").is_file()
    assert recall_real.unpacked_tree(root, "someone/project", buggy, tmp_path / "cache") == tree
