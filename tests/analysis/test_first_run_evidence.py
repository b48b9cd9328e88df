"""Evidence across files that Keras code is never traced, read where a first run on new code met
it: a model compiled with ``run_eagerly=True`` in the training script (analysis/eager_compiles).
Each with the twin that stays reported."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli

EVERY_LEVEL = ("--select", "TFG", "--confidence", "HIGH,INFERENCE,LOW", "--no-cache")


def _findings(root: Path) -> set[tuple[str, int, str, str]]:
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--format", "json", *EVERY_LEVEL, str(root)])
    assert result.exit_code in (0, 1), result.output
    return {(Path(f["path"]).name, f["line"], f["code"], f["confidence"]) for f in json.loads(result.stdout)}


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


MODEL = """import tensorflow as tf


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        print("batch", x)
        return {"loss": tf.reduce_mean(self(x) - y)}
"""

TRAIN = """import tensorflow as tf
from model import Net


def main():
    model = Net()
    model.compile(optimizer="adam"{switch})
{more}    model.fit(tf.zeros((4, 2)), tf.zeros((4, 1)), epochs=1)


if __name__ == "__main__":
    main()
"""


def _train(switch: str = "", more: str = "") -> str:
    return TRAIN.format(switch=switch, more=more)


def test_a_model_compiled_to_run_eagerly_in_another_file_runs_its_steps_eagerly(tmp_path):
    found = _findings(_write(tmp_path, {"model.py": MODEL, "train.py": _train(", run_eagerly=True")}))
    assert ("model.py", 14, "TFG101", "LOW") in found


def test_a_model_fit_without_run_eagerly_keeps_its_finding(tmp_path):
    found = _findings(_write(tmp_path, {"model.py": MODEL, "train.py": _train()}))
    assert ("model.py", 14, "TFG101", "INFERENCE") in found


def test_run_eagerly_set_on_the_instance_counts_and_a_later_plain_compile_traces_again(tmp_path):
    switched = _findings(_write(tmp_path / "a", {"model.py": MODEL, "train.py": _train(
        more="    model.run_eagerly = True\n")}))
    assert ("model.py", 14, "TFG101", "LOW") in switched
    recompiled = _findings(_write(tmp_path / "b", {"model.py": MODEL, "train.py": _train(
        ", run_eagerly=True", more='    model.compile(optimizer="sgd")\n')}))
    assert ("model.py", 14, "TFG101", "INFERENCE") in recompiled
    computed = _findings(_write(tmp_path / "c", {"model.py": MODEL, "train.py": _train(
        ", run_eagerly=DEBUG")}))
    assert ("model.py", 14, "TFG101", "INFERENCE") in computed


def test_a_model_compiled_to_run_eagerly_but_saved_or_traced_keeps_its_finding(tmp_path):
    saved = _findings(_write(tmp_path / "a", {"model.py": MODEL, "train.py": _train(
        ", run_eagerly=True", more='    model.save("net")\n')}))
    assert ("model.py", 14, "TFG101", "INFERENCE") in saved
    traced = _findings(_write(tmp_path / "b", {"model.py": MODEL, "train.py": _train(
        ", run_eagerly=True", more="    step = tf.function(model.train_step)\n    step((tf.zeros((4, 2)), tf.zeros((4, 1))))\n")}))
    assert ("model.py", 14, "TFG101", "INFERENCE") in traced
