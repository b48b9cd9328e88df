"""A helper of another file that only code run eagerly reaches is graph code at LOW there too.

``strategy.run(self.eval_step, ...)`` called outside traced code runs ``eval_step`` eagerly (the
default, one-device and mirrored strategies, checked on TF 2.21), so its file's index says LOW;
what ``eval_step`` calls in another file, a metric helper reading ``.numpy()``, is LOW as well
(the shape of sascha-kirch/rgb-d-fusion's evaluation step, whose ``@tf.function`` is commented
out: https://github.com/sascha-kirch/rgb-d-fusion). Twins: the same call made from a tf.function,
and a helper reached from both kinds of code, stay reported. Linted whole, the helpers' file
alone, and warm from the cache, the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from project_lint import write_project

from tests.analysis.test_projects import findings

HELPERS = '''import numpy as np


def shift(depth):
    values = depth.numpy()
    return np.roll(values, 1)


def scale(depth):
    return depth.numpy() * 2


def crop(depth):
    return depth.numpy()[:, 1:]
'''

MODEL = '''import tensorflow as tf

import helpers


class Evaluator:
    def __init__(self):
        self.strategy = tf.distribute.MirroredStrategy()

    def eval_step(self, batch):
        return helpers.shift(batch), helpers.crop(batch)

    def distributed_eval_step(self, batch):
        return self.strategy.run(self.eval_step, args=(batch,))

    def traced_step(self, batch):
        return helpers.scale(batch), helpers.crop(batch)

    @tf.function
    def distributed_traced_step(self, batch):
        return self.strategy.run(self.traced_step, args=(batch,))
'''

SHIFT_LINE, SCALE_LINE, CROP_LINE = 5, 10, 14


@pytest.fixture
def project(tmp_path) -> Path:
    return write_project(tmp_path, {"pyproject.toml": "[project]\nname = 'evaluator'\n", "helpers.py": HELPERS,
                                    "model.py": MODEL})


def _helper_confidences(*args: str) -> dict[int, str]:
    return {f["line"]: f["confidence"] for f in findings(*args)
            if f["path"].endswith("helpers.py") and f["code"] == "TFG202"}


@pytest.mark.parametrize("cache", ["--no-cache", None])
def test_code_reached_only_from_eagerly_run_code_is_low(project, tmp_path, monkeypatch, cache):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    everything = ("--confidence", "HIGH,INFERENCE,LOW")
    for paths in ([project], [project / "helpers.py"], [project]):  # the last warm, when cached
        found = _helper_confidences(*filter(None, [cache]), *everything, *map(str, paths))
        assert found == {SHIFT_LINE: "LOW", SCALE_LINE: "INFERENCE", CROP_LINE: "INFERENCE"}, found


def test_the_low_finding_names_the_caller_without_a_marker(project):
    [shift] = [f for f in findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(project))
               if f["path"].endswith("helpers.py") and f["line"] == SHIFT_LINE]
    assert "called from 'Evaluator.eval_step' in model.py:11" in shift["message"]
    assert "<" not in shift["message"]
