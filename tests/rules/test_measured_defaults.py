"""What is reported unasked is set per rule from measured precision (core/measured_defaults):
opt-in rules run only when chosen, TFG103 reports HIGH alone unless levels are chosen, the seed
hazards (TFG101 ...) report HIGH and INFERENCE, and the command line, the configuration and Pylint
agree on it."""

from __future__ import annotations


import json

from test_cli import run
from test_pylint_plugin import run_pylint

from tfgraph_lint.core import records
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.docs import default_state, rules_table
from tfgraph_lint.core.findings import CONFIDENCES, HIGH, INFERENCE
from tfgraph_lint.core.measured_defaults import ALWAYS_ON, LEVELS, OPT_IN, default_codes, default_levels
from tfgraph_lint.core.registry import hazard_rules, lookup
from tfgraph_lint.engine import lint_source

# print() in a tf.function (HIGH), logging in a Keras call() (TFG103 at INFERENCE), a global
# read by a tf.function and rebound elsewhere (TFG107, opt-in).
SOURCE = """\
import logging
import tensorflow as tf


@tf.function
def step(x):
    print(x)
    return x


class Block(tf.keras.layers.Layer):
    def call(self, x):
        logging.info("input %s", x)
        return x


scale = 1.0


@tf.function
def scaled(x):
    return x * scale


def set_scale(value):
    global scale
    scale = value


block = Block()  # made: a layer no code makes would be LOW in a project shipping no package
"""
EVERYTHING = {("TFG101", 7), ("TFG103", 13), ("TFG107", 22)}


def _json(tmp_path, *options: str) -> set[tuple[str, int]]:
    path = tmp_path / "model.py"
    path.write_text(SOURCE, encoding="utf-8")
    result = run("check", "--no-cache", "--format", "json", *options, str(path))
    assert result.exit_code in (0, 1), result.stderr
    return {(f["code"], f["line"]) for f in json.loads(result.stdout)}


def test_every_rule_at_high_and_inference_finds_all_three():
    found = lint_source(SOURCE, "model.py", Config.every_rule())
    assert {(f.code, f.line) for f in found} == EVERYTHING
    assert {(f.code, f.confidence) for f in found if f.line in (7, 13)} == {("TFG101", "HIGH"), ("TFG103", "INFERENCE")}


def test_unasked_only_what_the_measurements_support(tmp_path):
    assert _json(tmp_path) == {("TFG101", 7)}
    assert {(f.code, f.line) for f in lint_source(SOURCE, "model.py")} == {("TFG101", 7)}  # Config() too


def test_levels_chosen_apply_to_every_rule_that_runs(tmp_path):
    assert _json(tmp_path, "--confidence", "HIGH,INFERENCE") == {("TFG101", 7), ("TFG103", 13)}
    assert _json(tmp_path, "--confidence", "INFERENCE") == {("TFG103", 13)}


def test_an_opt_in_rule_runs_when_chosen(tmp_path):
    assert _json(tmp_path, "--extend-select", "TFG107") == {("TFG101", 7), ("TFG107", 22)}
    assert _json(tmp_path, "--extend-select", "mutable-global-capture") == {("TFG101", 7), ("TFG107", 22)}
    assert _json(tmp_path, "--select", "TFG10") == {("TFG101", 7), ("TFG107", 22)}  # a prefix names it too
    assert _json(tmp_path, "--select", "TFG", "--confidence", "HIGH,INFERENCE") == EVERYTHING


def test_the_configuration_chooses_the_same_way(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nextend-select = ["TFG107"]\n', encoding="utf-8")
    assert _json(tmp_path) == {("TFG101", 7), ("TFG107", 22)}
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nconfidence = ["HIGH", "INFERENCE"]\n',
                                             encoding="utf-8")
    assert _json(tmp_path) == {("TFG101", 7), ("TFG103", 13)}


def test_pylint_reports_what_the_command_reports(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "model.py"
    path.write_text(SOURCE, encoding="utf-8")
    rcfile = tmp_path / "pylintrc"
    rcfile.write_text("[MAIN]\n", encoding="utf-8")

    def found(*options: str) -> set[tuple[str, int]]:
        return {(lookup(m.symbol).code, m.line) for m in run_pylint([str(path)], rcfile, *options)}

    assert found() == {("TFG101", 7)}
    assert found("--tfgraph-extend-select=TFG107", "--tfgraph-confidence=HIGH,INFERENCE") == EVERYTHING


def test_the_defaults_name_real_rules_and_levels():
    codes = {rule.code for rule in hazard_rules()}
    assert OPT_IN <= codes and set(LEVELS) <= codes and not OPT_IN & set(LEVELS)
    assert all(levels and levels <= set(CONFIDENCES) for levels in LEVELS.values())
    assert default_codes() == frozenset(codes - OPT_IN) | {"TFG001", "TFG002"}
    assert default_levels("TFG103") == {HIGH} and "TFG302" in OPT_IN and "TFG107" in OPT_IN
    assert ALWAYS_ON <= codes and not ALWAYS_ON & (OPT_IN | set(LEVELS))
    assert all(default_levels(code) == {HIGH, INFERENCE} for code in ALWAYS_ON)


def test_the_rules_table_shows_each_default():
    table = rules_table("text")
    for rule in hazard_rules():
        line = next(line for line in table.splitlines() if line.strip().startswith(rule.code))
        assert default_state(rule) in line
    assert {default_state(rule) for rule in hazard_rules() if rule.code in OPT_IN} == {"opt-in"}
    assert default_state(lookup("TFG103")) == "on, HIGH only" and default_state(lookup("TFG102")) == "on"


def test_a_seed_hazard_at_inference_is_reported_unasked():
    # print() of a tensor in a Keras call() is INFERENCE (Keras traces it): the first hazard users hit.
    source = "import tensorflow as tf\n\n\nclass Block(tf.keras.layers.Layer):\n    def call(self, x):\n" \
             "        print(x)\n        return x\n"
    found = lint_source(source, "layer.py")
    assert [(f.code, f.line, f.confidence) for f in found] == [("TFG101", 6, INFERENCE)]


def test_eager_only_calls_on_shown_tensors_are_reported_unasked():
    # NumPy on y_pred of a loss Keras traces (INFERENCE: run by Keras), and .numpy() of a tf op's
    # result in a tf.function (HIGH); .numpy() in a branch only NumPy arrays take stays LOW.
    # TFG202 is on (measured_defaults): unasked, both are reported, and the same when chosen.
    source = (
        "import numpy as np\nimport tensorflow as tf\n\n\n"
        "def loss(y_true, y_pred):\n    return np.mean(np.square(y_true - y_pred))\n\n\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\nmodel.compile(loss=loss)\n\n\n"
        "@tf.function\ndef top(x):\n    if isinstance(x, np.ndarray):\n        return x.numpy()\n"
        "    return tf.argmax(x).numpy()\n"
    )
    assert {(f.code, f.line) for f in lint_source(source, "train.py")} == {("TFG202", 6), ("TFG202", 17)}
    turned_on = records.replace(Config(), enabled_codes=default_codes() | {"TFG202"})
    found = {(f.code, f.line) for f in lint_source(source, "train.py", turned_on)}
    assert found == {("TFG202", 6), ("TFG202", 17)}
