"""A project whose own code calls an API TensorFlow removed in 2.9 (``tf.keras.mixed_precision.experimental``)
runs on older releases: its ``experimental_relax_shapes`` is current there (TFG306 silent in every
file of that folder, not only the one calling the API), while the twin project without that call is told
at HIGH. A guarded use (``try``, an ``if`` on a version or ``hasattr``) says nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgraph_lint.analysis.tensorflow_generation import (
    _LITERALS,
    _SPELLINGS,
    _WORDS,
    removed_api_use,
    runs_keras_loop,
    told_before,
)
from tests.analysis.test_projects import findings

NETWORK = """import tensorflow as tf


class Value(tf.Module):
    @tf.function(experimental_relax_shapes=True)
    def compute(self, x):
        return x * 2.0
"""

AGENT = """import tensorflow as tf

from network import Value


class Agent:
    def __init__(self):
        self.value = Value()
        self.dtype = {use}
"""

OLD = "tf.keras.mixed_precision.experimental.global_policy().compute_dtype"


def _tfg306(tmp_path: Path, use: str, folder: str = ".") -> list[dict]:
    (tmp_path / ".git").mkdir()
    (tmp_path / "network.py").write_text(NETWORK)
    (tmp_path / folder).mkdir(exist_ok=True)
    (tmp_path / folder / "agent.py").write_text(AGENT.format(use=use))
    return [f for f in findings("--no-cache", str(tmp_path)) if f["symbol"] == "deprecated-tf-function-argument"]


def test_a_project_calling_an_api_removed_in_2_9_keeps_its_relax_shapes_option(tmp_path):
    assert _tfg306(tmp_path, OLD) == []


def test_a_use_in_another_folder_says_nothing_of_this_one(tmp_path):
    """A repository of examples runs each folder on its own TensorFlow."""
    found = _tfg306(tmp_path, OLD, folder="older_example")
    assert [(Path(f["path"]).name, f["line"], f["confidence"]) for f in found] == [("network.py", 5, "HIGH")]


def test_the_twin_project_on_current_tensorflow_is_told(tmp_path):
    found = _tfg306(tmp_path, "tf.keras.mixed_precision.global_policy().compute_dtype")
    assert [(Path(f["path"]).name, f["line"], f["confidence"]) for f in found] == [("network.py", 5, "HIGH")]


@pytest.mark.parametrize(("source", "line"), [
    (f"import tensorflow as tf\n\ndtype = {OLD}\n", 3),
    ("from tensorflow.keras.mixed_precision import experimental as mixed\n", 1),
    ("import tensorflow.keras.mixed_precision.experimental\n", 1),
    (f"import tensorflow as tf\ntry:\n    dtype = {OLD}\nexcept AttributeError:\n    dtype = None\n", None),
    (f"import tensorflow as tf\nif hasattr(tf.keras.mixed_precision, 'experimental'):\n    dtype = {OLD}\n", None),
    (f"import tensorflow as tf\nif tf.__version__ < '2.4':\n    dtype = {OLD}\n", None),
    ("# tf.keras.mixed_precision.experimental.set_policy('mixed_float16')\nx = 'mixed_precision.experimental'\n", None),
    ("import tensorflow as tf\ndtype = tf.keras.mixed_precision.global_policy()\n", None),
])
def test_what_shows_a_removed_api_used(source, line):
    found = removed_api_use(source)
    assert (found[1] if found else None) == line
    assert found is None or found[0] == [2, 9]


def test_every_spelling_of_a_removed_api_holds_a_literal_looked_for_first():
    # The substring test before the pattern may only skip texts the pattern cannot match: each
    # of the pattern's alternatives spells one of the literals verbatim.
    assert _WORDS.pattern == "|".join(_SPELLINGS)
    for spelling in _SPELLINGS:
        assert any(literal in spelling for literal in _LITERALS), spelling


def test_what_the_view_tells_a_file_reads_back():
    assert told_before({"<tensorflow before>": "2.9 algo/agent.py:52"}) == ((2, 9), "algo/agent.py:52")
    assert told_before({"Base": "layer"}) is None


@pytest.mark.parametrize(("source", "line"), [
    ("import tensorflow as tf\n\nmode = tf.estimator.ModeKeys.TRAIN\n", 3),
    ("import tensorflow as tf\n\nspec = tf.compat.v1.estimator.tpu.TPUEstimatorSpec\n", 3),
    ("from tensorflow import estimator\n", 1),
    ("import tensorflow as tf\ntry:\n    est = tf.estimator.Estimator\nexcept AttributeError:\n    est = None\n", None),
    ("# tf.estimator.Estimator(model_fn)\nimport tensorflow as tf\n", None),
])
def test_tf_estimator_was_removed_in_2_16(source, line):
    found = removed_api_use(source)
    assert (found[1] if found else None) == line
    assert found is None or found[0] == [2, 16]


LAYER = """import tensorflow as tf


class Attention(tf.keras.layers.Layer):
    def call(self, x):
        if tf.shape(x)[1] == 0:
            return x
        return x * 2.0
"""

MODEL_FN = """import tensorflow as tf

from attention import Attention


def model_fn(features, labels, mode, params):
    logits = Attention()(features)
    return {use}(mode=mode, predictions=logits)


serve = tf.function(model_fn)
"""


def _keras_call_findings(tmp_path: Path, use: str) -> set:
    (tmp_path / ".git").mkdir()
    (tmp_path / "attention.py").write_text(LAYER)
    (tmp_path / "run.py").write_text(MODEL_FN.format(use=use))
    every = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(tmp_path))
    return {(Path(f["path"]).name, f["line"], f["confidence"]) for f in every if f["code"] == "TFG203"}


def test_a_folder_building_its_model_in_an_estimator_runs_keras_2(tmp_path):
    """Keras 2 converts a layer's call with AutoGraph: the tensor ``if`` becomes a tf.cond."""
    assert ("attention.py", 6, "INFERENCE") not in _keras_call_findings(tmp_path, "tf.estimator.EstimatorSpec")


def test_the_twin_folder_without_an_estimator_keeps_the_keras_3_finding(tmp_path):
    assert ("attention.py", 6, "INFERENCE") in _keras_call_findings(tmp_path, "dict")


def test_an_estimator_beside_a_keras_loop_in_the_folder_says_nothing(tmp_path):
    """Another entry point of the folder trains with ``fit``, which runs on Keras 3 too."""
    (tmp_path / "train_keras.py").write_text(
        "import tensorflow as tf\n\nfrom attention import Attention\n\n"
        "model = tf.keras.Sequential([Attention()])\nmodel.compile(loss='mse')\n"
        "model.fit(tf.zeros((2, 3)), tf.zeros((2, 3)))\n")
    assert ("attention.py", 6, "INFERENCE") in _keras_call_findings(tmp_path, "tf.estimator.EstimatorSpec")


@pytest.mark.parametrize(("source", "runs"), [
    ("model.fit(x, y)\n", True),
    ("# model.fit(x, y)\nx = 'model.fit(x)'\n", False),
    ("trainer.train_on_batch(x)\n", True),
])
def test_what_runs_a_keras_loop(source, runs):
    assert runs_keras_loop(source) is runs
