"""What narrows the project view's Keras evidence across files (analysis/project_classes,
subclass_markers, keras_version): a test file's stand-in subclasses get no dispatched methods, a
base class is judged by what its subclasses' instances show, and a package that imports a module
only Keras 2 has is judged by Keras 2. Each with the twin that stays reported."""

from __future__ import annotations

from pathlib import Path

from project_lint import lint_project as _lint
from project_lint import project_findings as _findings
from project_lint import write_project as _write


AGENT = """import tensorflow as tf


class Agent(tf.keras.Model):
    def call(self, x):
        return self._neck(x)

    def _neck(self, x):
        return x
"""

MOCK = """from agent import Agent


class MockAgent(Agent):
    def _neck(self, x):
        return x.numpy()
"""


def test_a_test_file_gets_no_methods_dispatched_from_another_files_base(tmp_path):
    # valan's base_agent_test.py: the test drives its mock agent itself, on eager tensors. The
    # twin, the same subclass in a library module, runs where Agent.call runs.
    found = _findings(_write(tmp_path, {"agent.py": AGENT, "agent_test.py": MOCK, "mock_agent.py": MOCK}))
    assert ("mock_agent.py", 6, "TFG202", "INFERENCE") in found
    assert not [f for f in found if f[0] == "agent_test.py"]


METRIC = """import tensorflow as tf


class Score(tf.keras.metrics.Metric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.compare(y_pred)

    def compare(self, y_pred):
        return y_pred.numpy()

    def result(self):
        return 0.0
"""

VIDEO = """from metric import Score


class VideoScore(Score):
    pass
"""

EAGER_EVALUATION = """import tensorflow as tf

from metric import Score
from video import VideoScore

score = Score()
score.update_state(tf.constant(1.0), tf.constant(2.0))
video = VideoScore()
video.update_state(tf.constant(1.0), tf.constant(2.0))


@tf.function
def double(x):
    return x * 2
"""


def test_a_base_metric_is_judged_by_what_its_subclasses_instances_show(tmp_path):
    # deeplab2's PanopticQuality and VideoPanopticQuality: both made and updated only eagerly by
    # an evaluator, so the base's .numpy() is LOW, as when no file subclassed it.
    found = _findings(_write(tmp_path, {"metric.py": METRIC, "video.py": VIDEO, "evaluate.py": EAGER_EVALUATION}))
    assert ("metric.py", 9, "TFG202", "LOW") in found


def test_a_subclass_compiled_into_a_model_keeps_the_base_traced(tmp_path):
    fitted = EAGER_EVALUATION.replace(
        "video = VideoScore()\nvideo.update_state(tf.constant(1.0), tf.constant(2.0))\n",
        "inputs = tf.keras.Input((1,))\nmodel = tf.keras.Model(inputs, inputs)\n"
        "model.compile(loss='mse', metrics=[VideoScore()])\nmodel.fit(tf.ones((2, 1)), tf.ones((2, 1)))\n")
    found = _findings(_write(tmp_path, {"metric.py": METRIC, "video.py": VIDEO, "evaluate.py": fitted}))
    assert ("metric.py", 9, "TFG202", "INFERENCE") in found


LAYER = """import tensorflow as tf


class Gate(tf.keras.layers.Layer):
    def call(self, x):
        if tf.reduce_sum(x) > 0:
            return x
        return -x
"""


def test_a_module_importing_a_keras_2_only_module_is_judged_by_keras_2(tmp_path):
    # merlin-models' layers import project modules that import keras.engine: they can only run
    # where Keras 2 is, whose Layer.__call__ converts call with AutoGraph, so the Python if on a
    # tensor is a tf.cond there. The twins: a layer whose imports reach no such module (keras-cv's
    # group normalization beside one object-detection file that imports keras.engine), and a
    # package that imports only what Keras 3 has too.
    layer = "from pkg import compat\n" + LAYER
    _write(tmp_path / "old", {"pkg/__init__.py": "", "pkg/layers.py": layer, "pkg/plain.py": LAYER,
                              "pkg/compat.py": "from keras.engine.compile_utils import MetricsContainer\n"})
    _write(tmp_path / "new", {"pkg/__init__.py": "", "pkg/layers.py": layer,
                              "pkg/compat.py": "from keras.utils import to_categorical\n"})
    old = _findings(tmp_path / "old")
    assert not [f for f in old if f[0] == "layers.py" and f[2] == "TFG203" and f[3] != "LOW"]
    assert ("plain.py", 6, "TFG203", "INFERENCE") in old
    assert ("layers.py", 7, "TFG203", "INFERENCE") in _findings(tmp_path / "new")


VIDEO_OVERRIDE = """from metric import Score


class VideoScore(Score):
    def compare(self, y_pred):
        return y_pred.numpy() + 1
"""


def test_an_override_dispatched_from_a_base_runs_where_its_class_runs(tmp_path):
    # Score.update_state calls self.compare: VideoScore's override runs where VideoScore's
    # instances run, eagerly here (LOW), traced when compiled into a fitted model (the twin). The
    # dispatched method itself is no evidence that the class is traced.
    eager = _findings(_write(tmp_path / "eager", {"metric.py": METRIC, "video.py": VIDEO_OVERRIDE,
                                                  "evaluate.py": EAGER_EVALUATION}))
    assert ("video.py", 6, "TFG202", "LOW") in eager
    fitted = EAGER_EVALUATION.replace(
        "video = VideoScore()\nvideo.update_state(tf.constant(1.0), tf.constant(2.0))\n",
        "inputs = tf.keras.Input((1,))\nmodel = tf.keras.Model(inputs, inputs)\n"
        "model.compile(loss='mse', metrics=[VideoScore()])\nmodel.fit(tf.ones((2, 1)), tf.ones((2, 1)))\n")
    traced = _findings(_write(tmp_path / "fitted", {"metric.py": METRIC, "video.py": VIDEO_OVERRIDE,
                                                    "evaluate.py": fitted}))
    assert ("video.py", 6, "TFG202", "INFERENCE") in traced


LEGACY_SETTER = 'import os\n\nos.environ["TF_USE_LEGACY_KERAS"] = "1"\n'


def test_a_package_that_sets_tf_use_legacy_keras_is_judged_by_keras_2(tmp_path):
    # A package whose __init__ imports a module setting TF_USE_LEGACY_KERAS=1: every module of it
    # runs with tf.keras being Keras 2 (tf_keras), which converts call with AutoGraph. The twins:
    # a package beside it whose __init__ does not import the setter, and the variable set to "0".
    init = "from pkg import env\n"
    _write(tmp_path / "old", {"pkg/__init__.py": init, "pkg/env.py": LEGACY_SETTER,
                              "pkg/models/__init__.py": "", "pkg/models/gate.py": LAYER,
                              "other/__init__.py": "", "other/gate.py": LAYER})
    _write(tmp_path / "off", {"pkg/__init__.py": init, "pkg/env.py": LEGACY_SETTER.replace('"1"', '"0"'),
                              "pkg/models/__init__.py": "", "pkg/models/gate.py": LAYER})
    old = _findings_by_path(tmp_path / "old")
    assert ("pkg/models/gate.py", 6, "TFG203") not in old
    assert ("other/gate.py", 6, "TFG203") in old
    assert ("pkg/models/gate.py", 6, "TFG203") in _findings_by_path(tmp_path / "off")


def _findings_by_path(root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"], f["code"])
            for f in _lint(root)}
