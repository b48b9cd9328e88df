"""A project none of whose files traces, whose programs make its Keras classes and call them on
eager tensors (tests/data/projects/eager_keras): findings in those classes' Keras methods are LOW,
however the project is linted; any way the project shows of tracing brings them back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.analysis.test_projects import PROJECTS, found, marked

EAGER = PROJECTS / "eager_keras"
LOW_REASON = "the project runs this Keras class only eagerly"


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "eager_keras"
    shutil.copytree(EAGER, copy)
    return copy


def _low_markers_reported(project: Path) -> set:
    """What every rule reports at HIGH and INFERENCE when nothing shows the classes run eagerly:
    the ``# low:`` markers too."""
    return marked(project, low=True)


def test_classes_the_project_makes_and_never_traces_are_low(project):
    reported = found("--no-cache", str(project))
    assert reported == marked(project)  # Unused and FromFactory only
    assert reported != marked(project, low=True)  # the eager classes' hazards are there, LOW


def test_the_package_alone_gets_the_findings_of_the_whole_project(project):
    package = {item for item in found("--no-cache", str(project)) if "/encoder/" in item[0]}
    assert found("--no-cache", str(project / "encoder")) == package
    assert found("--no-cache", str(project / "encoder" / "layers.py")) == {
        item for item in package if item[0].endswith("layers.py")}


def test_the_reason_says_how_the_class_is_made(project):
    from tests.analysis.test_projects import findings

    low = [f for f in findings("--no-cache", "--confidence", "LOW", str(project)) if f["confidence"] == "LOW"]
    messages = {Path(f["path"]).name + ":" + str(f["line"]): f["message"] for f in low}
    assert "held by Attention, held by Encoder, made in main.py:5" in messages["layers.py:11"]
    assert all(LOW_REASON in message for message in messages.values())


@pytest.mark.parametrize("tracing", [
    "model.compile(optimizer='adam', loss='mse')\nmodel.fit(tf.ones((3, 4, 8)), tf.ones((3, 4, 8)))\n",
    "step = tf.function(model)\nstep(tf.ones((3, 4, 8)))\n",
    "tf.saved_model.save(model, '/tmp/encoder')\n",
    "inputs = tf.keras.Input((4, 8))\nfunctional = tf.keras.Model(inputs, model(inputs))\n",
    "data = tf.data.Dataset.from_tensor_slices(tf.ones((3, 4, 8))).map(model)\n",
])
def test_a_program_that_traces_the_model_brings_them_back(project, tracing):
    train = project / "train.py"
    train.write_text("import tensorflow as tf\n\nfrom encoder import Encoder\n\nmodel = Encoder(blocks=1)\n" + tracing)
    assert found("--no-cache", str(project)) == _low_markers_reported(project)


def test_tracing_anywhere_in_the_project_brings_them_back(project):
    # A library module with a tf.function that has nothing to do with the model: the evidence is
    # project-wide, so it is gone (a conservative twin).
    (project / "encoder" / "ops.py").write_text(
        "import tensorflow as tf\n\n\n@tf.function\ndef double(x):\n    return 2 * x\n")
    assert found("--no-cache", str(project / "encoder")) == {
        item for item in _low_markers_reported(project) if "/encoder/" in item[0]}


def test_a_notebook_that_fits_the_model_brings_them_back(project):
    notebook = project / "demo.ipynb"
    data = json.loads(notebook.read_text())
    data["cells"][0]["source"].append("\nmodel.compile(loss='mse')\nmodel.fit(tf.ones((2, 4, 8)), tf.ones((2, 4, 8)))")
    notebook.write_text(json.dumps(data))
    assert found("--no-cache", str(project / "encoder")) == {
        item for item in _low_markers_reported(project) if "/encoder/" in item[0]}


def test_an_excluded_file_that_fits_the_model_brings_them_back(project):
    (project / "pyproject.toml").write_text(
        (EAGER / "pyproject.toml").read_text() + '\n[tool.tfgraph-lint]\nexclude = ["scripts"]\n')
    (project / "scripts").mkdir()
    (project / "scripts" / "fit.py").write_text(
        "from encoder import Encoder\n\nmodel = Encoder(blocks=1)\nmodel.compile(loss='mse')\nmodel.fit([[1.0]], [[1.0]])\n")
    assert found("--no-cache", str(project / "encoder")) == {
        item for item in _low_markers_reported(project) if "/encoder/" in item[0]}


def test_a_model_made_only_in_an_imported_module_is_not_shown_eager(project):
    # main.py imported by another file is a library module: its model is handed to that file.
    (project / "serve.py").write_text("import main\n\nprint(main.outputs)\n")
    assert found("--no-cache", str(project)) == _low_markers_reported(project)


def test_the_warm_cache_follows_an_edit_of_the_program(project):
    expected = marked(project)
    assert found(str(project)) == expected  # cold
    assert found(str(project / "encoder" / "layers.py")) == {i for i in expected if i[0].endswith("layers.py")}
    main = project / "main.py"
    main.write_text(main.read_text() + "model.compile(loss='mse')\nmodel.fit(tf.ones((3, 4, 8)), tf.ones((3, 4, 8)))\n")
    assert found(str(project)) == _low_markers_reported(project)  # warm: main.py changed
    main.write_text((EAGER / "main.py").read_text())
    assert found(str(project)) == expected
    notebook = project / "demo.ipynb"
    notebook.write_text(notebook.read_text().replace("model(tf.ones((2, 4, 8)))", "model.fit(tf.ones((2, 4, 8)))"))
    layers = {i for i in _low_markers_reported(project) if i[0].endswith("layers.py")}
    assert found(str(project / "encoder" / "layers.py")) == layers  # warm: only the notebook changed


def test_a_layer_a_class_made_nowhere_also_calls_stays_graph_code(project):
    # A model users may fit (made nowhere in the project) calls Attention in its call: Keras
    # would trace Attention.call there, whatever the eager program does with its own model.
    (project / "encoder" / "big.py").write_text(
        "import tensorflow as tf\n\nfrom encoder.layers import Attention\n\n\nclass Big(tf.keras.Model):\n"
        "    def __init__(self):\n        super().__init__()\n        self.attention = Attention(4)\n\n"
        "    def call(self, inputs):\n        return self.attention(inputs)\n")
    reported = found("--no-cache", str(project / "encoder" / "layers.py"))
    attention = {item for item in _low_markers_reported(project) if item[0].endswith("layers.py")}
    assert reported == attention  # Attention's and the Positions it holds: reported again


def test_a_notebook_cell_left_out_of_the_code_counts_by_its_words(project):
    notebook = project / "demo.ipynb"
    data = json.loads(notebook.read_text())
    data["cells"].append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                          "source": ["%%writefile fit.py\n", "from encoder import Encoder\n", "Encoder(1).fit([[1.0]])\n"]})
    notebook.write_text(json.dumps(data))
    assert found("--no-cache", str(project / "encoder")) == {
        item for item in _low_markers_reported(project) if "/encoder/" in item[0]}
