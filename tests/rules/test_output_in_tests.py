"""What a test module prints or logs from graph code is LOW (off by default): output for the
person running the test, not behaviour of the code under test. The same code elsewhere is
reported. (Shape from the review corpus: a mock Keras model in a ``*_test.py`` that prints its
inputs while being traced.)"""

from __future__ import annotations

import json

import pytest

from test_cli import run

MOCK_MODEL = """\
import logging

import tensorflow as tf


class MockModel(tf.keras.Model):
    def call(self, inputs):
        print(inputs, type(inputs))
        logging.info("inputs: %s", inputs)
        return inputs
"""


def _findings(tmp_path, name: str, *options: str) -> list[tuple[str, int, str]]:
    path = tmp_path / name
    path.write_text(MOCK_MODEL, encoding="utf-8")
    result = run("check", "--no-cache", "--format", "json", *options, str(path))
    return [(f["code"], f["line"], f["confidence"]) for f in json.loads(result.stdout)]


@pytest.mark.parametrize("name", ["evaluator_test.py", "test_evaluator.py", "conftest.py"])
def test_output_in_a_test_module_is_low(tmp_path, name):
    assert _findings(tmp_path, name) == []
    assert _findings(tmp_path, name, "--confidence", "HIGH,INFERENCE,LOW") == [
        ("TFG101", 8, "LOW"), ("TFG103", 9, "LOW")]


@pytest.mark.parametrize("name", ["evaluator.py", "testing_utils.py", "latest.py"])
def test_the_same_output_elsewhere_is_reported(tmp_path, name):
    # A Keras call(): INFERENCE, which TFG101 and TFG103 report when asked (measured_defaults)
    found = _findings(tmp_path, name, "--confidence", "HIGH,INFERENCE")
    assert [(code, line) for code, line, _ in found] == [("TFG101", 8), ("TFG103", 9)]
    assert all(confidence != "LOW" for _, _, confidence in found)
