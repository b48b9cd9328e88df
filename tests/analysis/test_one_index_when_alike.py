"""The project view asks a linted file for its findings under what the view gives it and for what
its graph code reaches under the configuration without the view's per-file entries. When both
configurations say the same of that file (the view gives it nothing of its own), one graph-code
index answers both; when they differ (a seed), each has its own index, and what reaches out is
still the answer without the seed."""

from __future__ import annotations

import os

import pytest

from tfgraph_lint import engine
from tfgraph_lint.core import records
from tfgraph_lint.core.config import Config

TEXT = """import tensorflow as tf
from helpers import scale, shift


@tf.function
def step(x):
    return scale(x)


def augment(x):
    return shift(x)
"""


@pytest.fixture
def indexes(monkeypatch) -> list:
    engine._import_analysis()
    built = []
    original = engine.GraphIndex

    class Counted(original):
        def __init__(self, *args, **kwargs) -> None:
            built.append(self)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(engine, "GraphIndex", Counted)
    return built


def _reached(rows: list) -> set[str]:
    return {row[0] for row in rows}


def test_a_file_the_view_gives_nothing_of_its_own_is_indexed_once(tmp_path, indexes):
    path = str(tmp_path / "model.py")
    plain = Config()
    # The view's entries name another file only.
    given = records.replace(plain, imported_seeds=((os.path.realpath(str(tmp_path / "other.py")),
                                                    (("f", "called from train.py:3"),)),))
    outgoing: list = []
    engine.lint_source(TEXT, path, given, outgoing=outgoing, outgoing_config=plain)
    assert len(indexes) == 1
    assert outgoing == engine.graph_outgoing(TEXT, path, plain)
    assert _reached(outgoing) == {"scale"}


def test_a_seeded_file_is_indexed_without_its_seed_for_what_reaches_out(tmp_path, indexes):
    path = str(tmp_path / "model.py")
    plain = Config()
    seeded = records.replace(plain, imported_seeds=((os.path.realpath(path),
                                                     (("augment", "passed to Dataset.map in train.py:3"),)),))
    outgoing: list = []
    engine.lint_source(TEXT, path, seeded, outgoing=outgoing, outgoing_config=plain)
    assert len(indexes) == 2
    assert _reached(outgoing) == {"scale"}
    assert _reached(engine.graph_outgoing(TEXT, path, seeded)) == {"scale", "shift"}


def test_configurations_lint_alike_only_with_the_same_settings_and_entries(tmp_path):
    path = str(tmp_path / "model.py")
    plain = Config()
    other = os.path.realpath(str(tmp_path / "other.py"))
    assert plain.lints_alike(records.replace(plain, imported_aliases=((other, (("lib.tf", "tensorflow"),)),)), path)
    assert not plain.lints_alike(records.replace(plain, keras_methods=False), path)
    assert not plain.lints_alike(records.replace(
        plain, imported_aliases=((os.path.realpath(path), (("lib.tf", "tensorflow"),)),)), path)
    assert not plain.lints_alike(records.replace(
        plain, imported_loop_calls=((os.path.realpath(path), (("augment", "run.py:8"),)),)), path)


def test_the_second_index_looks_no_name_up_again(tmp_path, indexes, monkeypatch):
    from tfgraph_lint.analysis import names

    asked = []
    original = names._UNCACHED_LOOKUP

    def counted(node, name):
        if getattr(node, "name", None) == name:  # (the look-ups remembered: a name's own)
            asked.append(node)
        return original(node, name)

    monkeypatch.setattr(names, "_UNCACHED_LOOKUP", counted)
    path = str(tmp_path / "model.py")
    plain = Config()
    seeded = records.replace(plain, imported_seeds=((os.path.realpath(path),
                                                     (("augment", "passed to Dataset.map in train.py:3"),)),))
    engine.lint_source(TEXT, path, seeded, outgoing=[], outgoing_config=plain)
    assert len(indexes) == 2 and asked
    assert len(asked) == len(set(asked))


def test_configurations_tell_the_imports_alike_by_their_aliases_and_definitions(tmp_path):
    path = str(tmp_path / "model.py")
    real = os.path.realpath(path)
    plain = Config()
    seeded = records.replace(plain, imported_seeds=((real, (("augment", "passed to Dataset.map in train.py:3"),)),))
    assert plain.imports_told_alike(seeded, path) == (True, True)
    aliased = records.replace(plain, imported_aliases=((real, (("lib.tf", "tensorflow"),)),))
    assert plain.imports_told_alike(aliased, path) == (False, True)
    defined = records.replace(plain, imported_definitions=((real, (("Base", "layer"),)),))
    assert plain.imports_told_alike(defined, path) == (True, False)
