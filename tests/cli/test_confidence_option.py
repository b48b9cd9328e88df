"""Choosing the confidence levels reported: --confidence, `confidence` in pyproject.toml, and
Pylint's tfgraph-confidence. LOW (a name alone) is off by default."""

from __future__ import annotations

import json

from test_cli import run
from test_pylint_plugin import run_pylint

NAMED_LIKE_A_MODEL = """\
import tensorflow as tf


@tf.function
def step(model, x):
    return model.predict(x)
"""


def _codes(result) -> list[tuple[str, str]]:
    return [(f["code"], f["confidence"]) for f in json.loads(result.stdout)]


def test_low_is_off_by_default_and_on_when_asked(tmp_path):
    path = tmp_path / "step.py"
    path.write_text(NAMED_LIKE_A_MODEL, encoding="utf-8")
    default = run("check", "--no-cache", "--format", "json", str(path))
    assert default.exit_code == 0 and _codes(default) == []
    asked = run("check", "--no-cache", "--format", "json", "--extend-select", "TFG202", "--confidence",
                "high,inference,LOW", str(path))
    assert asked.exit_code == 1 and _codes(asked) == [("TFG202", "LOW")]
    only_high = run("check", "--no-cache", "--format", "json", "--extend-select", "TFG202", "--confidence", "HIGH",
                    "--confidence", "LOW", str(path))
    assert _codes(only_high) == [("TFG202", "LOW")]


def test_unknown_level_is_a_usage_error(tmp_path):
    path = tmp_path / "step.py"
    path.write_text(NAMED_LIKE_A_MODEL, encoding="utf-8")
    result = run("check", "--no-cache", "--confidence", "SURE", str(path))
    assert result.exit_code == 2
    assert "unknown level 'SURE'" in result.stderr and "HIGH, INFERENCE, LOW" in result.stderr


def test_pyproject_confidence_key(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nextend-select = ["TFG202"]\n'
                                             'confidence = ["LOW", "HIGH"]\n')
    (tmp_path / "step.py").write_text(NAMED_LIKE_A_MODEL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _codes(run("check", "--no-cache", "--format", "json", "step.py")) == [("TFG202", "LOW")]
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nconfidence = []\n')
    result = run("check", "--no-cache", "step.py")
    assert result.exit_code == 2 and "no level given" in result.stderr


def test_pylint_reports_low_as_inference_failure_only_when_asked(tmp_path):
    path = tmp_path / "step.py"
    path.write_text(NAMED_LIKE_A_MODEL, encoding="utf-8")
    rcfile = tmp_path / "pylintrc"
    rcfile.write_text("[MAIN]\n")
    assert run_pylint([str(path)], rcfile) == []
    messages = run_pylint([str(path)], rcfile, "--tfgraph-extend-select=TFG202", "--tfgraph-confidence=HIGH,INFERENCE,LOW")
    assert [(m.symbol, m.confidence.name) for m in messages] == [("eager-only-call-in-graph", "INFERENCE_FAILURE")]
