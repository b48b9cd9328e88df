"""A def of another project file that makes a tf.Variable on every call (analysis/state_makers):
its calls in graph code are reported in the calling file (TFG201), its calls elsewhere, behind a
create-once guard, and calls of defs that make a variable only sometimes (or none) are not."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from click.testing import CliRunner

from tfgraph_lint.analysis.module_edges import imports_only
from tfgraph_lint.analysis.state_makers import file_state_makers
from tfgraph_lint.cli.commands import cli

UTILS = """import tensorflow as tf


def make_accumulator(scores, ks):
    return tf.Variable(tf.zeros([tf.shape(scores)[0], len(ks)]))


def make_named(n):
    with tf.name_scope("acc"):
        acc = tf.Variable(tf.zeros([n]))
    return acc


def make_sometimes(n, stateful):
    if stateful:
        return tf.Variable(tf.zeros([n]))
    return tf.zeros([n])


def make_tensor(n):
    return tf.zeros([n])


def make_lifted(n):
    with tf.init_scope():
        return tf.Variable(tf.zeros([n]))
"""

METRICS = """import tensorflow as tf

from pkg import utils
from pkg.utils import make_named


class Ranking(tf.keras.metrics.Metric):
    def __init__(self, ks):
        super().__init__()
        self.ks = ks
        self.kept = utils.make_accumulator(tf.zeros([4, 2]), ks)
        self.lazy = None

    def update_state(self, y_true, y_pred):
        fresh = utils.make_accumulator(y_pred, self.ks)
        named = make_named(3)
        if self.lazy is None:
            self.lazy = utils.make_accumulator(y_pred, self.ks)
        maybe = utils.make_sometimes(3, False)
        plain = utils.make_tensor(3)
        lifted = utils.make_lifted(3)
        self.kept.assign_add(fresh + named + maybe + plain + lifted)

    def result(self):
        return self.kept
"""


def test_a_state_maker_called_in_graph_code_is_reported_at_the_call(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "utils.py").write_text(UTILS)
    metrics = package / "metrics.py"
    metrics.write_text(METRICS)
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--no-cache", "--format", "json", str(metrics)])
    assert result.exit_code in (0, 1), result.output
    found = {(f["line"], f["code"]) for f in json.loads(result.stdout)}
    lines = METRICS.splitlines()
    fresh = next(i for i, text in enumerate(lines, 1) if "fresh = utils.make_accumulator" in text)
    named = next(i for i, text in enumerate(lines, 1) if "named = make_named(3)" in text)
    assert {line for line, code in found if code == "TFG201"} == {fresh, named}
    [message] = [f["message"] for f in json.loads(result.stdout) if f["line"] == fresh]
    assert "utils.py:5" in message and "makes a new tf.Variable" in message


def test_which_defs_make_a_variable_on_every_call():
    makers = file_state_makers(ast.parse(UTILS), imports_only(UTILS))
    assert makers == {"make_accumulator": 5, "make_named": 10}
    aliased = "from tensorflow import Variable\n\ndef make():\n    v = Variable(1.0)\n    return v\n"
    assert file_state_makers(ast.parse(aliased), imports_only(aliased)) == {"make": 4}
    no_tensorflow = "def make():\n    return Variable(1.0)\n"
    assert file_state_makers(ast.parse(no_tensorflow), imports_only(no_tensorflow)) == {}


def test_the_file_s_calls_screen_out_files_that_make_no_variable():
    # Given the file's calls, a file none of whose calls ends in a spelling of tf.Variable is not
    # searched; one that makes a variable, however spelled, still is.
    aliased = "from tensorflow import Variable as V\n\n\ndef make():\n    return V(1.0)\n"
    compat = "import tensorflow as tf\n\n\ndef make():\n    return tf.compat.v1.Variable(1.0)\n"
    none = "import tensorflow as tf\n\n\ndef make():\n    return tf.zeros([1])\n"
    for text, expected in [(UTILS, file_state_makers(ast.parse(UTILS), imports_only(UTILS))),
                           (aliased, {"make": 5}), (compat, {"make": 5}), (none, {})]:
        tree = ast.parse(text)
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        assert file_state_makers(tree, imports_only(text), calls) == expected
    assert file_state_makers(ast.parse(UTILS), imports_only(UTILS))  # (UTILS has makers)
