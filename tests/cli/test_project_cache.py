"""The project view and the findings, kept between runs: a run where nothing changed reads no
source, resolves no import and lints nothing; one where files changed, appeared or went derives
again what was computed from those files' texts alone, and reports exactly what a run without
the cache reports."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_projects import PROJECTS, _runner, findings

from tfgraph_lint.analysis.project_graph import ProjectGraph
from tfgraph_lint.cli import check_flow, file_digests, project, view_facts
from tfgraph_lint.cli.commands import cli


@pytest.fixture
def training(tmp_path, monkeypatch) -> Path:
    # Files written a moment ago are read again until their stat settles (file_digests); the
    # tests edit and lint within one second, so they trust a stat at once.
    monkeypatch.setattr(file_digests, "RACY_SECONDS", 0)
    copy = tmp_path / "training"
    shutil.copytree(PROJECTS / "training", copy)
    return copy


def _refuse(*args, **_kwargs):
    raise AssertionError(f"asked in a run where nothing changed: {args[-1]!r}")


def _record(monkeypatch, module, name: str) -> list:
    calls: list = []
    original = getattr(module, name)

    def recorded(*args, **kwargs):
        calls.append(args[0])
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, recorded)
    return calls


def test_a_run_where_nothing_changed_reads_no_source_and_resolves_nothing(training, monkeypatch):
    cold = findings("--no-cache", str(training))
    assert cold
    assert findings(str(training)) == cold  # fills the cache
    monkeypatch.setattr(file_digests, "read_source", _refuse)
    monkeypatch.setattr(ProjectGraph, "resolve_module", _refuse)
    monkeypatch.setattr(check_flow, "lint_file", _refuse)
    assert findings(str(training)) == cold


def test_a_changed_file_alone_is_read_and_derived_again(training, monkeypatch):
    assert findings(str(training))
    train = training / "train.py"
    train.write_text(train.read_text().replace("    utils.log_step(x)\n", ""))  # utils.py now unreached
    reads = _record(monkeypatch, file_digests, "read_source")
    derived = _record(monkeypatch, view_facts, "text_facts")
    warm = findings(str(training))
    assert reads == [str(train)]
    assert len(derived) == 1 and "ds = tf.data.Dataset" in derived[0]
    assert warm == findings("--no-cache", str(training))
    assert not [f for f in warm if f["path"].endswith("utils.py")]


@pytest.mark.parametrize("change", ["added", "removed", "edited", "importer edited"])
def test_after_a_change_the_cached_run_reports_what_a_run_without_the_cache_does(training, change):
    files = sorted(str(p) for p in training.glob("*.py"))
    assert findings(*files)
    if change == "added":  # a second importer hands another function of data.py to Dataset.map
        (training / "more.py").write_text(
            "import tensorflow as tf\nfrom data import set_seed\n\nds = tf.data.Dataset.range(3).map(set_seed)\n")
        files.append(str(training / "more.py"))
    elif change == "removed":  # utils.py goes: train.py's utils.log_step leads nowhere
        (training / "utils.py").unlink()
        files.remove(str(training / "utils.py"))
    elif change == "importer edited":  # train.py hands data.preview to Dataset.map too
        train = training / "train.py"
        train.write_text(train.read_text().replace(".map(augment)", ".map(augment).map(data.preview)")
                         .replace("import utils\n", "import data\nimport utils\n"))
    else:
        data = training / "data.py"
        data.write_text(data.read_text().replace("np.random.uniform()", "np.random.normal()"))
    warm = findings(*files)
    assert warm == findings("--no-cache", *files)
    if change == "added":
        assert any(f["path"].endswith("data.py") and "set_seed" in f["message"] for f in warm)
    if change == "importer edited":
        assert any(f["path"].endswith("data.py") and "preview" in f["message"] for f in warm)


def test_loop_calls_are_derived_only_for_a_run_that_enables_their_rule(tmp_path, monkeypatch):
    # The view's loop calls (view_loops) are read only by an opt-in rule: a default run derives
    # none, and a later run that enables the rule does not take the remembered view without them.
    monkeypatch.setattr(file_digests, "RACY_SECONDS", 0)
    copy = tmp_path / "per_call_factories"
    shutil.copytree(PROJECTS / "per_call_factories", copy)
    walked = _record(monkeypatch, project, "loop_calls_into")
    default_run = _runner().invoke(cli, ["check", "--format", "json", str(copy)])  # TFG302 is opt-in
    assert default_run.exit_code in (0, 1), default_run.output
    assert walked == []  # no importer read for loop calls
    cold = [f for f in findings("--no-cache", str(copy)) if f["code"] == "TFG302"]
    assert cold  # animate() makes a tf.function on every call, run.py calls it in a loop
    assert [f for f in findings(str(copy)) if f["code"] == "TFG302"] == cold
