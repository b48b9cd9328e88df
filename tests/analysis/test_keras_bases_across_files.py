"""Keras classes whose base is a Keras class of another file of the project
(analysis/project_classes): what the view tells a file follows the base's file, from a warm
cache too, and never depends on the other paths on the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.analysis.file_definitions import class_bases
from tfgraph_lint.cli.commands import cli

PROJECT = Path(__file__).resolve().parents[1] / "data" / "projects" / "keras_bases"
EVERY_RULE = ("--select", "TFG", "--confidence", "HIGH,INFERENCE")


def _lines(*args: str) -> set[tuple[str, int]]:
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--format", "json", *EVERY_RULE, *args])
    assert result.exit_code in (0, 1), result.output
    return {(Path(f["path"]).name, f["line"]) for f in json.loads(result.stdout)}


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "keras_bases"
    shutil.copytree(PROJECT, copy)
    return copy


def test_class_bases_are_read_as_spelled():
    text = "import tensorflow as tf\nimport m\n\nclass A(tf.keras.Model, m.Mixin):\n    pass\n\nclass B(A, make()):\n    pass\n"
    assert class_bases(text) == {"A": ["tf.keras.Model", "m.Mixin"], "B": ["A"]}
    assert class_bases("class (:") == {}


SIMPLE = """from graphs.message_passing import MessagePassing


class Simple(MessagePassing):
    def call(self, inputs):
        print("simple", inputs)
        return inputs
"""


def test_a_base_that_stops_being_keras_changes_a_cached_subclass_file(project):
    simple = project / "graphs" / "simple.py"
    simple.write_text(SIMPLE)
    assert _lines(str(simple)) == {("simple.py", 6)}
    base = project / "graphs" / "message_passing.py"
    base.write_text(base.read_text().replace("(tf.keras.layers.Layer)", "(object)"))
    assert _lines(str(simple)) == set()  # the same simple.py text, from the cache: its base is no layer now
    base.write_text(base.read_text().replace("(object)", "(tf.keras.layers.Layer)"))
    assert _lines(str(simple)) == {("simple.py", 6)}


def test_a_base_that_stops_calling_an_override_changes_a_cached_subclass_file(project):
    conv = str(project / "graphs" / "conv.py")
    assert ("conv.py", 21) in _lines(conv)
    base = project / "graphs" / "message_passing.py"
    base.write_text(base.read_text().replace("messages = self.message(x)", "messages = x"))
    assert ("conv.py", 21) not in _lines(conv)


@pytest.mark.parametrize("marker", ["pyproject.toml", ".git", None])
def test_findings_do_not_depend_on_the_other_paths(tmp_path, marker):
    """The package alone, beside another folder, from a folder above it (nested under lib/)."""
    repo = tmp_path / "repo"
    shutil.copytree(PROJECT / "graphs", repo / "lib" / "graphs")
    (repo / "other").mkdir()
    (repo / "other" / "script.py").write_text("def main():\n    return 1\n")
    if marker == ".git":
        (repo / ".git").mkdir()
    elif marker:
        (repo / marker).write_text("[project]\nname = 'repo'\n")
    expected = {("conv.py", 10), ("conv.py", 21), ("conv.py", 22), ("deep.py", 11), ("deep.py", 18)}
    package = repo / "lib" / "graphs"
    for label, paths in {"alone": [package], "beside another": [package, repo / "other"],
                         "from above": [repo / "lib"], "the whole tree": [repo],
                         "files": [package / "conv.py", package / "deep.py"]}.items():
        assert _lines("--no-cache", *map(str, paths)) == expected, label


ALIASED_BASE = """import tensorflow as tf
ks = tf.keras


class GraphBaseLayer(ks.layers.Layer):
    pass


class LoggingCallback(ks.callbacks.Callback):
    pass
"""

ALIASED_SUBCLASSES = """import numpy as np
import tensorflow as tf
from layers.base import GraphBaseLayer, LoggingCallback


class Charge(GraphBaseLayer):
    def call(self, inputs):
        return np.repeat(tf.shape(inputs)[2], 3)


class Logged(LoggingCallback):
    def call(self, inputs):
        return np.repeat(tf.shape(inputs)[2], 3)
"""


def test_a_base_spelled_through_a_module_alias_of_keras_is_keras(tmp_path):
    """``ks = tf.keras`` in the base's file (the shape of aimat-lab/gcnn_keras' GraphBaseLayer,
    https://github.com/aimat-lab/gcnn_keras/commit/1cf01db5f298e55f8087d9da15ab19572859acab):
    its subclass in another file is a Keras layer, whose call is graph code. A callback's is not."""
    package = tmp_path / "layers"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(ALIASED_BASE)
    (package / "conv.py").write_text(ALIASED_SUBCLASSES)
    assert _lines("--no-cache", str(package / "conv.py")) == {("conv.py", 8)}
