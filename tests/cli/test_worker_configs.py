"""What a worker process is sent for one file: the configuration narrowed to that file's own entries
of the project view (core/config ``Config.narrowed_to``), which lints it exactly as the whole one
does. Sending the whole project's entries with every file cost hundreds of MB of pickling on a
large project, to no effect."""

from __future__ import annotations

import os

from tfgraph_lint import engine
from tfgraph_lint.cli import runner
from tfgraph_lint.core import records
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import INTERNAL_ERROR

TEXT = """import tensorflow as tf
from helpers import scale


def augment(x):
    print("augmenting", x)
    return scale(x)


@tf.function
def step(x):
    return x * 2
"""

VIEW_FIELDS = ("imported_seeds", "imported_tf_functions", "imported_arguments", "imported_aliases",
               "imported_loop_calls", "imported_definitions")


def _entries_for(real: str) -> dict:
    return {
        "imported_seeds": ((real, (("augment", "passed to Dataset.map in train.py:4"),)),),
        "imported_tf_functions": ((real, (("scale", ("x",), "helpers.py:3"),)),),
        "imported_arguments": ((real, (("unrelated", ()),)),),
        "imported_aliases": ((real, (("helpers.tf", "tensorflow"),)),),
        "imported_loop_calls": ((real, (("augment", "run.py:9"),)),),
        "imported_definitions": ((real, (("Base", "layer"),)),),
    }


def _project_config(path: str, others: int) -> Config:
    """A configuration whose view has entries for ``path`` and for ``others`` other files."""
    fields = {name: () for name in VIEW_FIELDS}
    for number in range(others):
        for name, entries in _entries_for(os.path.realpath(f"/project/module_{number}.py")).items():
            fields[name] += entries
    for name, entries in _entries_for(os.path.realpath(path)).items():
        fields[name] += entries
    return records.replace(Config(), **fields)


def test_the_narrowed_configuration_holds_the_files_own_entries_only(tmp_path):
    path = str(tmp_path / "data.py")
    whole = _project_config(path, others=50)
    narrowed = whole.narrowed_to(path)
    for name in VIEW_FIELDS:
        assert len(getattr(whole, name)) == 51
        assert getattr(narrowed, name) == _entries_for(os.path.realpath(path))[name]
    assert narrowed.lints_alike(whole, path)
    # A file the view says nothing of is sent no entry at all.
    assert all(getattr(whole.narrowed_to(str(tmp_path / "other.py")), name) == () for name in VIEW_FIELDS)


def test_a_configuration_without_view_entries_is_sent_as_it_is():
    config = Config()
    assert config.narrowed_to("/anywhere/file.py") is config


def test_the_narrowed_configuration_lints_the_file_as_the_whole_one(tmp_path):
    path = str(tmp_path / "data.py")
    whole = _project_config(path, others=20)
    out_whole: list = []
    out_narrowed: list = []
    found_whole = engine.lint_source(TEXT, path, whole, outgoing=out_whole, outgoing_config=Config())
    found_narrowed = engine.lint_source(TEXT, path, whole.narrowed_to(path), outgoing=out_narrowed,
                                        outgoing_config=Config())
    assert found_whole == found_narrowed
    assert out_whole == out_narrowed
    # The seed made ``augment`` graph code: its print is reported through the view.
    assert any(f.rule.code == "TFG101" and f.line == 6 for f in found_whole)


def _report_entries(path: str, config: Config) -> list[Finding]:
    """A stand-in lint (module-level: workers get it by reference): one finding saying how many
    files' entries of the view the worker was sent."""
    counts = ",".join(str(len(getattr(config, name))) for name in VIEW_FIELDS)
    return [Finding(INTERNAL_ERROR, path, 1, 0, 1, 0, counts)]


def test_workers_are_sent_each_files_own_entries(tmp_path):
    paths = []
    for number in range(runner.MIN_FILES_FOR_WORKERS + 2):
        path = tmp_path / f"module_{number}.py"
        path.write_text("x = 1\n", encoding="utf-8")
        paths.append(str(path))
    whole = _project_config(paths[0], others=0)
    for path in paths[1:]:
        for name, entries in _entries_for(os.path.realpath(path)).items():
            whole = records.replace(whole, **{name: getattr(whole, name) + entries})
    found = dict(runner.lint_files(paths, whole, _report_entries, jobs=2))
    assert {findings[0].message for findings in found.values()} == {"1,1,1,1,1,1"}
