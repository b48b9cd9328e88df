"""A model whose every instance the project compiles with ``run_eagerly=True`` before any Keras
loop runs it: Keras runs its ``train_step`` as plain Python, wherever the instance is handed
(a training script hands it to its ``train(model, ...)``, which fits it), so findings in the step
are LOW. The shape of nvae-tf's NVAE, whose train_step counts steps in a Python attribute
(https://github.com/stevensdavid/nvae-tf, models.py and train.py). Any other compile, a loop or a hand-on
before the switch, or a step handed to a tf.function keeps them reported."""

from __future__ import annotations

import pytest

from tests.project_lint import project_findings, write_project

MODEL = """import tensorflow as tf


class Counting(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2)
        self.steps = 0

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        self.steps += 1
        return {"loss": 0.0}

    def count(self):
        self.steps += 1


class Report:
    pass
"""

EAGER = """import tensorflow as tf

from models import Counting


def train(model, data):
    model.fit(data, epochs=2)


def main():
    model = Counting()
    model.compile(optimizer="adam", run_eagerly=True)
    train(model, tf.data.Dataset.range(3))
"""

# Names the class in annotations only: no instance made (and makes another, so the view reads it).
ANNOTATED = """from typing import Optional

from models import Counting, Report


def score(model: Counting, best: Optional[Counting] = None) -> Report:
    return Report()
"""

STEP = ("models.py", 14, "TFG105")


def _confidence(tmp_path, files: dict) -> str | None:
    found = project_findings(write_project(tmp_path, {"models.py": MODEL, **files}))
    return next((confidence for name, line, code, confidence in found if (name, line, code) == STEP[:3]), None)


def test_a_model_compiled_to_run_eagerly_and_handed_on_has_its_step_low(tmp_path):
    assert _confidence(tmp_path, {"train.py": EAGER, "evaluate.py": ANNOTATED}) == "LOW"


@pytest.mark.parametrize("train", [
    EAGER.replace("run_eagerly=True", "run_eagerly=False"),
    EAGER.replace(', run_eagerly=True', ''),
    EAGER.replace("run_eagerly=True", "run_eagerly=debug"),
    # handed on before the switch: the callee may fit it first
    EAGER.replace('    model.compile(optimizer="adam", run_eagerly=True)\n    train(model, tf.data.Dataset.range(3))',
                  '    train(model, tf.data.Dataset.range(3))\n    model.compile(optimizer="adam", run_eagerly=True)'),
    # compiled again: which compile wins is not shown
    EAGER + '    model.compile(optimizer="sgd")\n',
    # its step handed to a tf.function
    EAGER + '    step = tf.function(model.train_step)\n',
])
def test_any_other_compile_or_use_keeps_the_step_reported(tmp_path, train):
    assert _confidence(tmp_path, {"train.py": train}) == "INFERENCE"


def test_another_file_fitting_a_plainly_compiled_instance_keeps_it_reported(tmp_path):
    other = "from models import Counting\n\nnet = Counting()\nnet.compile(optimizer='adam')\nnet.fit([[1.0]], [[1.0]])\n"
    assert _confidence(tmp_path, {"train.py": EAGER, "other.py": other}) == "INFERENCE"


def test_another_file_naming_the_class_otherwise_keeps_it_reported(tmp_path):
    other = "from models import Counting\n\nnet = Counting()\nnet(1.0)\nfactory = Counting\n"
    assert _confidence(tmp_path, {"train.py": EAGER, "other.py": other}) == "INFERENCE"


def test_a_helper_the_step_does_not_own_is_not_judged(tmp_path):
    # ``count`` is no step method: what calls it is not the loop the compile switched.
    model = MODEL.replace("        self.steps += 1\n        return", "        self.count()\n        return")
    found = project_findings(write_project(tmp_path, {"models.py": model, "train.py": EAGER}))
    assert ("models.py", 18, "TFG105", "INFERENCE") in found
