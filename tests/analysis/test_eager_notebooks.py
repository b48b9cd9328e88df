"""A notebook is run as a script: one that shows no tracing runs the Keras layers it defines and
makes only eagerly, also those a model holds (LOW, with the reason); its twin that fits the model
is graph code."""

from __future__ import annotations

import json

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import CONFIDENCES, LOW
from tfgraph_lint.engine import lint_text

_CELLS = [
    "import tensorflow as tf\n",
    "class Noisy(tf.keras.layers.Layer):\n    def call(self, inputs):\n        print('noisy', inputs)\n        return inputs\n",
    "class Net(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n        self.noisy = Noisy()\n\n"
    "    def call(self, inputs):\n        return self.noisy(inputs)\n",
    "net = Net()\nnet(tf.ones((2, 3)))\n",
]


def _notebook(*cells: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": cell.splitlines(keepends=True)} for cell in cells],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _prints(text: str):
    every_level = Config(confidences=frozenset(CONFIDENCES))
    return [f for f in lint_text(text, "demo.ipynb", every_level) if f.rule.code == "TFG101"]


def test_a_notebook_that_only_calls_its_layer_eagerly():
    (finding,) = _prints(_notebook(*_CELLS))
    assert finding.confidence == LOW
    assert "the script runs this Keras class only eagerly" in finding.message


def test_a_notebook_that_fits_its_model_traces_it():
    fitted = _CELLS[:3] + ["net = Net()\nnet.compile(loss='mse')\nnet.fit(tf.ones((2, 3)), tf.ones((2, 3)))\n"]
    (finding,) = _prints(_notebook(*fitted))
    assert finding.confidence != LOW
