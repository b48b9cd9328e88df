"""A Keras class of another file whose name is not capitalised (``mAP``), made through an import.

The instance rows a file gives the project view pass over calls whose last name is not
capitalised (classes, by convention), unless the view says the call makes a Keras class of
another project file. A metric such a file makes and only updates in an eager validation loop is
then judged as any other: eager, so its findings are LOW. Its twin, compiled into a model, stays
reported; so does a lowercase function of the same module that merely shares the spelling."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.analysis.test_projects import findings

METRIC = """import tensorflow as tf


class mAP(tf.keras.metrics.Metric):
    def __init__(self, classes):
        super().__init__()
        self.classes = classes
        self.scores = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.scores.append(y_pred.numpy())

    def result(self):
        return tf.reduce_mean(self.scores)
"""

TRAIN = """import tensorflow as tf

from core import metrics


class Trainer:
    def __init__(self, model, dataset):
        self.model, self.dataset = model, dataset
        self.ap_metric = None

    def run(self):
        self.ap_metric = metrics.mAP(3)
{use}
"""

EAGER_LOOP = """        for images, boxes in self.dataset:
            self.ap_metric.update_state(boxes, self.model(images))
        print(self.ap_metric.result())
        self.ap_metric.reset_states()"""

COMPILED = """        self.model.compile(loss="mse", metrics=[self.ap_metric])
        self.model.fit(self.dataset)"""


def _metric_findings(tmp_path: Path, use: str) -> set[tuple[int, str]]:
    (tmp_path / ".git").mkdir()
    (tmp_path / "core" / "metrics").mkdir(parents=True)
    (tmp_path / "core" / "__init__.py").write_text("")
    (tmp_path / "core" / "metrics" / "__init__.py").write_text("from .mean_average_precision import mAP\n")
    (tmp_path / "core" / "metrics" / "mean_average_precision.py").write_text(METRIC)
    (tmp_path / "train.py").write_text(TRAIN.format(use=use) + "\n\nif __name__ == '__main__':\n    Trainer(None, []).run()\n")
    return {(f["line"], f["confidence"]) for f in findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW",
                                                          str(tmp_path))
            if f["path"].endswith("mean_average_precision.py")}


def test_a_metric_updated_only_in_an_eager_loop_is_low_though_its_name_is_not_capitalised(tmp_path):
    found = _metric_findings(tmp_path, EAGER_LOOP)
    assert found and {confidence for _line, confidence in found} == {"LOW"}


@pytest.mark.parametrize("use", [COMPILED, EAGER_LOOP + "\n        return self.ap_metric"])
def test_its_twins_compiled_or_handed_on_stay_reported(tmp_path, use):
    found = _metric_findings(tmp_path, use)
    assert (11, "HIGH") in found or (11, "INFERENCE") in found
