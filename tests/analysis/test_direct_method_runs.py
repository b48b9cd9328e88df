"""A subclassed model a trainer runs only by calling its methods directly (``model.train_step(batch)``
and methods of its own, outside traced code; tests/data/projects/direct_steps): findings in it are
LOW; another use of an instance (fitted, stepped inside a tf.function, the step handed on) brings
them back, and so does a method that may run the model on symbolic inputs (analysis/direct_method_runs)."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import astroid
import pytest

from tests.analysis.test_projects import PROJECTS, findings, found, marked
from tfgraph_lint.analysis.direct_method_runs import runs_only_when_called

REASON = "every instance it makes only has methods called directly"


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "direct_steps"
    shutil.copytree(PROJECTS / "direct_steps", copy)
    return copy


def test_a_model_run_only_by_direct_calls_is_low_while_its_twins_stay_reported(project):
    assert found("--no-cache", str(project)) == marked(project)
    low = [f for f in findings("--no-cache", "--confidence", "LOW", str(project)) if f["confidence"] == "LOW"]
    assert {(Path(f["path"]).name, f["line"]) for f in low} == {(Path(p).name, line) for p, line, _ in
                                                               marked(project, low=True) - marked(project)}
    assert low and all(REASON in f["message"] for f in low)


@pytest.mark.parametrize("use", [
    "model.compile(loss='mse')\nmodel.fit(*batch)\n",
    "\n\n@tf.function\ndef step(data):\n    return model.train_step(data)\n",
    "step = tf.function(model.train_step)\n",
    "inputs = tf.keras.Input((3,))\nfunctional = tf.keras.Model(inputs, model(inputs))\n",
    "keep = [model]\n",
    "\n\nclass Bigger(Stepped):\n    pass\n\n\nBigger().fit(*batch)\n",
    "factory = Stepped\n",
    "\n\ndef make():\n    return Stepped()\n",
])
def test_another_use_of_an_instance_brings_them_back(project, use):
    (project / "other.py").write_text("import tensorflow as tf\n\nfrom models import Stepped\nfrom train import batch\n\n"
                                      "model = Stepped()\nmodel.train_step(batch)\n" + use)
    assert found("--no-cache", str(project / "models.py")) == {
        item for item in marked(project, low=True) if item[0].endswith("models.py")}


def _model(methods: str) -> astroid.nodes.ClassDef:
    source = ("import tensorflow as tf\n\n\nclass Net(tf.keras.Model):\n"
              "    def __init__(self):\n        super().__init__()\n        self.dense = tf.keras.layers.Dense(1)\n"
              "        self.opt = tf.keras.optimizers.Adam()\n        self.kernel = tf.Variable(tf.ones([3, 1]))\n\n"
              + textwrap.indent(textwrap.dedent(methods), "    "))
    return astroid.parse(source).body[-1]


_TAPE_STEP = """
def train_step(self, batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(self(batch[0])) + tf.reduce_sum(self.dense(batch[0]))
    grads = tape.gradient(loss, [self.kernel])
    self.opt.apply_gradients(zip(grads, [self.kernel]))
    return loss
"""


@pytest.mark.parametrize("methods, names", [
    (_TAPE_STEP, ["train_step"]),
    ("def scores(self, x):\n    return tf.matmul(x, self.kernel)\n", ["scores"]),
    ("def reset(self):\n    self.kernel = tf.Variable(tf.zeros([self.kernel.shape[0], 1]))\n", ["reset"]),
    (_TAPE_STEP + "\ndef both(self, batch):\n    self.reset()\n    return self.train_step(batch)\n"
     "\ndef reset(self):\n    self.noise = None\n", ["both"]),
])
def test_methods_that_run_the_model_only_as_called(methods, names):
    assert runs_only_when_called(_model(methods), names)


@pytest.mark.parametrize("methods, names", [
    ("@tf.function\n" + _TAPE_STEP.lstrip(), ["train_step"]),  # a tf.function step traces
    ("def outputs(self, x):\n    return self(x)\n", ["outputs"]),  # no tape: maybe symbolic
    ("def outputs(self, x):\n    return self.dense(x)\n", ["outputs"]),
    ("def compiled(self):\n    return tf.function(self.call)\n", ["compiled"]),
    ("def stack(self):\n    return tf.keras.Sequential([self.dense])\n", ["stack"]),
    ("def train(self, x, y):\n    with tf.GradientTape():\n        self.fit(x, y)\n", ["train"]),
    ("def step(self, x):\n    with tf.GradientTape():\n        return tf.function(lambda: self(x))()\n", ["step"]),
    ("def step(self, x):\n    with tf.GradientTape():\n        return self.inherited(x)\n", ["step"]),
    ("def me(self):\n    return self\n", ["me"]),
    ("def step(self, x):\n    with tf.GradientTape():\n        return tf.function(self.call)(x)\n", ["step"]),
    ("def scores(self, x):\n    return tf.matmul(x, self.kernel)\n", ["call"]),  # not a direct call's name
    (_TAPE_STEP, ["predict_step"]),  # inherited: not shown
])
def test_methods_that_may_trace_the_model(methods, names):
    assert not runs_only_when_called(_model(methods), names)
