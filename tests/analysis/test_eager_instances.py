"""A project that traces some models (tests/data/projects/eager_instances) and calls another only
eagerly, in scripts with no graph code of their own: findings in that model (and the layer it
holds) are LOW, however the project is linted; a file that fits it, predicts with it, wraps it,
calls it beside a ``keras.Input``, or a notebook that names it, brings them back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.analysis.test_projects import PROJECTS, findings, found, marked

REASON = "every instance the project makes is called outside traced code"


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "eager_instances"
    shutil.copytree(PROJECTS / "eager_instances", copy)
    return copy


def _nets(project: Path, low: bool = False) -> set:
    return {item for item in marked(project, low=low) if item[0].endswith("nets.py")}


def test_a_model_only_called_eagerly_is_low_while_its_twins_stay_reported(project):
    assert found("--no-cache", str(project)) == marked(project)
    low = [f for f in findings("--no-cache", "--confidence", "LOW", str(project)) if f["confidence"] == "LOW"]
    assert {(Path(f["path"]).name, f["line"]) for f in low} == {(Path(p).name, line) for p, line, _ in
                                                               marked(project, low=True) - marked(project)}
    assert all(REASON in f["message"] for f in low)


def test_the_model_s_module_alone_gets_the_findings_of_the_whole_project(project):
    assert found("--no-cache", str(project / "nets.py")) == _nets(project)


@pytest.mark.parametrize("use", [
    "model.compile(loss='mse')\nmodel.fit(tf.ones((2, 4)), tf.ones((2, 4)))\n",
    "print(model.predict(tf.ones((2, 4))))\n",
    "step = tf.function(model.call)\n",
    "tf.saved_model.save(model, '/tmp/policy')\n",
    "inputs = tf.keras.Input((4,))\nfunctional = tf.keras.Model(inputs, model(inputs))\n",
    "\n\n@tf.function\ndef act(x):\n    return model(x)\n",
    "\n\nclass Bigger(Policy):\n    pass\n",
    "factory = Policy\n",
    "\n\nclass Agent:\n    def __init__(self):\n        self.net = model\n\n    def act(self, x):\n        return self.net(x)\n",
])
def test_another_use_of_an_instance_brings_them_back(project, use):
    (project / "other.py").write_text("import tensorflow as tf\n\nfrom nets import Policy\n\nmodel = Policy(2)\n"
                                      "model(tf.ones((2, 4)))\n" + use)
    assert found("--no-cache", str(project / "nets.py")) == _nets(project, low=True)


@pytest.mark.parametrize("names", [("evaluate_test.py", "test_replay.py"), ("evaluate_test.py", "replay.py")])
def test_instances_a_test_calls_eagerly_say_nothing(project, names):
    # A test calls what it checks eagerly by default: how the program runs the model is not shown.
    for old, new in zip(("evaluate.py", "replay.py"), names):
        (project / old).rename(project / new)
    expected = _nets(project, low=True) if names[1] == "test_replay.py" else _nets(project)
    assert found("--no-cache", str(project / "nets.py")) == expected


def test_a_notebook_or_an_excluded_file_naming_the_model_brings_them_back(project):
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": ["from nets import Policy\n", "model = Policy(2)\n"]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (project / "demo.ipynb").write_text(json.dumps(notebook))
    assert found("--no-cache", str(project / "nets.py")) == _nets(project, low=True)
    (project / "demo.ipynb").unlink()
    (project / "pyproject.toml").write_text(
        (project / "pyproject.toml").read_text() + '\n[tool.tfgraph-lint]\nexclude = ["scripts"]\n')
    (project / "scripts").mkdir()
    (project / "scripts" / "fit.py").write_text("from nets import Policy\n\nPolicy(2).fit([[1.0]], [[1.0]])\n")
    assert found("--no-cache", str(project / "nets.py")) == _nets(project, low=True)


def test_the_warm_cache_follows_an_edit_of_a_script_with_no_graph_code(project):
    expected = marked(project)
    assert found(str(project)) == expected  # cold
    evaluate = project / "evaluate.py"
    original = evaluate.read_text()
    evaluate.write_text(original + "model.predict(np.zeros((1, 4)))\n")
    assert found(str(project / "nets.py")) == _nets(project, low=True)  # warm: evaluate.py changed
    evaluate.write_text(original)
    assert found(str(project)) == expected


def test_a_call_in_a_function_of_a_module_that_is_no_script_brings_them_back(project):
    # Without its ``__main__`` block, replay.py is a library module: another file may call
    # ``replay`` on the symbolic inputs of a functional model being built.
    replay = project / "replay.py"
    replay.write_text(replay.read_text().replace('if __name__ == "__main__":\n', "if True:\n"))
    assert found("--no-cache", str(project / "nets.py")) == _nets(project, low=True)


def test_a_tf_function_of_another_file_calling_the_script_s_function_brings_them_back(project):
    # replay.py's instance rows are found without what the view gives replay.py: a file whose
    # functions graph code elsewhere reaches says its instances are handed on.
    (project / "trainer.py").write_text(
        "import tensorflow as tf\n\nfrom replay import replay\n\n\n@tf.function\ndef step(x):\n    return replay(x)\n")
    assert found("--no-cache", str(project / "nets.py")) == _nets(project, low=True)
