"""The project view's order: a linted file goes once every file importing it, directly or not,
is done (so it is parsed and indexed once, with what the view gives it); a file of an import
cycle waits only for the files importing the cycle; and a cold run lints each file once, except a
cycle's file the view gives more in the end than when it went, which is linted again."""

from __future__ import annotations

import os
import shutil

import pytest
from test_projects import PROJECTS, findings

from tfgraph_lint import engine
from tfgraph_lint.cli import runner
from tfgraph_lint.cli.view_order import ImportOrder, components

# main imports data and utils, data imports utils; a and b import each other, main imports a.
IMPORTS = {"main": {"data", "utils", "a"}, "data": {"utils"}, "utils": set(), "a": {"b"}, "b": {"a"}}


def _order(todo=tuple(IMPORTS), waiting=("data", "utils", "a", "b"), files=tuple(IMPORTS)):
    return ImportOrder(files, lambda file: IMPORTS[file], todo, waiting)


def test_components_come_before_the_components_importing_them():
    found = components(IMPORTS, lambda file: IMPORTS[file])
    assert sorted(found) == [["a", "b"], ["data"], ["main"], ["utils"]]
    position = {file: number for number, members in enumerate(found) for file in members}
    assert position["utils"] < position["data"] < position["main"]
    assert position["a"] < position["main"]


def test_a_file_waits_for_every_file_importing_it():
    order = _order()
    assert order.take_ready() == []  # main, which imports all of them, is not done
    order.done("main")
    assert sorted(order.take_ready()) == ["a", "b", "data"]  # utils waits for data too
    order.done("data")
    assert order.take_ready() == ["utils"]
    assert order.take_ready() == []  # each once


def test_a_file_nobody_imports_and_files_known_already_do_not_wait():
    order = _order(todo=("data", "utils"), waiting=("data", "utils"))  # main, a, b known from before
    assert order.take_ready() == ["data"]
    assert _order(waiting=("main",)).take_ready() == ["main"]


def test_a_cycle_waits_for_the_files_importing_it_not_for_itself():
    order = _order(waiting=("a", "b"))
    order.done("main")
    assert sorted(order.take_ready()) == ["a", "b"]


def test_nothing_waits_forever():
    order = _order()
    assert order.take_ready() == []
    assert sorted(order.take_ready(everything=True)) == ["a", "b", "data", "utils"]


def _parses(monkeypatch) -> list[str]:
    parsed: list[str] = []
    original = engine._parse_uncached

    def counted(text, path):
        parsed.append(path.rsplit("/", 1)[-1])
        return original(text, path)

    monkeypatch.setattr(engine, "_parse_uncached", counted)
    return parsed


def test_a_cold_run_parses_each_file_once_with_what_the_view_gives_it(tmp_path, monkeypatch):
    project = tmp_path / "training"
    shutil.copytree(PROJECTS / "training", project)
    alone = {file.name: findings("--no-cache", str(file)) for file in sorted(project.glob("*.py"))}
    parsed = _parses(monkeypatch)
    whole = findings("--no-cache", "--jobs", "1", str(project))
    assert sorted(parsed) == sorted(set(parsed))  # each file once
    assert any(f["path"].endswith("data.py") for f in whole)  # data.py's findings come from train.py
    assert whole == [f for name in sorted(alone) for f in alone[name]]


def test_without_a_cache_the_files_the_view_does_not_index_are_linted_in_its_pass(tmp_path, monkeypatch):
    from tfgraph_lint.cli import check_flow

    project = tmp_path / "training"
    shutil.copytree(PROJECTS / "training", project)
    after_the_view: list[str] = []
    original = check_flow.lint
    monkeypatch.setattr(check_flow, "lint", lambda path, config: (after_the_view.append(os.path.basename(path)),
                                                                  original(path, config))[1])
    cold = findings("--no-cache", "--jobs", "1", str(project))
    assert after_the_view == []  # metrics.py, imported by data.py, went once data.py was done
    assert any(f["path"].endswith("metrics.py") for f in cold)  # what data.py's graph code reaches
    # With a cache, those files' findings may be stored: looked up after the view, linted then.
    cached = findings("--jobs", "1", str(project))
    assert sorted(after_the_view) == ["losses.py", "metrics.py", "pool.py", "steps.py", "utils.py"]
    assert cached == cold


CYCLE = {
    "pyproject.toml": "",
    "a.py": "import tensorflow as tf\n\nimport b\n\n\ndef scale(x):\n    return x * 2\n\n\n"
            "ds = tf.data.Dataset.range(3).map(b.augment)\n",
    "b.py": 'import a\n\n\ndef augment(x):\n    print("augmenting", x)\n    return a.scale(x)\n',
}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_cycle_file_the_view_gives_more_later_is_linted_again(tmp_path, monkeypatch, jobs):
    for name, text in CYCLE.items():
        (tmp_path / name).write_text(text)
    alone = findings("--no-cache", str(tmp_path / "b.py"))
    assert [(f["line"], f["symbol"]) for f in alone] == [(5, "python-print-in-graph")]
    parsed = _parses(monkeypatch)
    assert findings("--no-cache", "--jobs", jobs, str(tmp_path)) == alone
    if jobs == "1":  # in this process: counted
        # a.py goes with b.py, before b.augment is known to be graph code, which makes a.scale a
        # seed: linted again. (b.py, without TensorFlow, is parsed only once the view gives it
        # augment.)
        assert sorted(parsed) == ["a.py", "a.py", "b.py"]


def _dies_in_a_worker(parent: int, value: int) -> int:
    if value == 3 and os.getpid() != parent:
        os._exit(1)  # as a crash in compiled code would
    return value * 2


@pytest.mark.parametrize("workers", [1, 2])
def test_the_view_pass_survives_a_dying_worker(workers):
    batches = [[(value, (os.getpid(), value)) for value in range(6)], [(6, (os.getpid(), 6))]]
    finished: list[int] = []

    def next_tasks(_in_flight: int) -> list:
        return batches.pop(0) if batches else []

    found = list(runner.map_when_ready(_dies_in_a_worker, next_tasks, lambda key, _result: finished.append(key),
                                       workers))
    assert sorted(found) == [(value, value * 2) for value in range(7)]
    assert sorted(finished) == list(range(7))
