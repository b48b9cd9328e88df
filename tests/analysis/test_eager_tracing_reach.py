"""A project whose tracing words are shown to reach none of its Keras classes runs those classes
only eagerly (analysis/tracing_reach, cli/view_eager): a checkpoint saved, summaries written, a
dataset mapped with a function that names no project class, a plain trainer's own ``evaluate``.
Each case has a twin the view cannot show harmless (tests/data/projects/eager_keras: the classes
its programs make are LOW; a twin brings their findings back)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.analysis.test_projects import PROJECTS, found, marked

from tfgraph_lint.analysis.project_tracing import tracing_shown

MADE = "import tensorflow as tf\n\nfrom encoder import Encoder\n\nmodel = Encoder(blocks=1)\n"
DATASET = "tf.data.Dataset.from_tensor_slices(tf.ones((3, 4, 8)))"
DATA = f"data = {DATASET}"
TRAINER = ("class Trainer{base}:\n    def evaluate(self):\n        return model(tf.ones((1, 4, 8)))\n\n"
           "    def loop(self):\n        return self.evaluate()\n\n\nTrainer().loop()\n")


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "eager_keras"
    shutil.copytree(PROJECTS / "eager_keras", copy)
    return copy


# (a program that traces nothing the classes run, its twin that may trace them)
PAIRS = {
    "checkpoint": ("ckpt = tf.train.Checkpoint(model=model)\nckpt.save('/tmp/ckpt')\n",
                   "model.save('/tmp/model.keras')\n"),
    "checkpoint manager": ("manager = tf.train.CheckpointManager(tf.train.Checkpoint(model=model), '/tmp', 3)\n"
                           "manager.save()\n",
                           "manager = make_manager(model)\nmanager.save()\n"),
    "summaries": ("writer = tf.summary.create_file_writer('/tmp/logs')\nwith writer.as_default():\n"
                  "    tf.summary.scalar('loss', 1.0, step=0)\n",
                  "writer = open_writer()\nwith writer.as_default():\n    tf.summary.scalar('loss', 1.0, step=0)\n"),
    # A model's ``summary()`` and ``compile()`` run none of its code; a loop that follows does.
    "model summary": ("model.summary()\n", "model.predict(tf.ones((1, 4, 8)))\n"),
    "mapped def": (f"SCALE = 2.0\n\n\ndef scale(x):\n    return x * SCALE\n\n\n{DATA}.map(scale)\n",
                   f"def apply(x):\n    return model(x)\n\n\n{DATA}.map(apply)\n"),
    "mapped lambda": (f"{DATA}.map(lambda x: tf.cast(x, tf.float32))\n", f"{DATA}.map(lambda x: model(x))\n"),
    "a def the mapped one calls": (
        f"def inner(x):\n    return x + 1\n\n\ndef outer(x):\n    return inner(x)\n\n\n{DATA}.map(outer)\n",
        f"def inner(x):\n    return model(x)\n\n\ndef outer(x):\n    return inner(x)\n\n\n{DATA}.map(outer)\n"),
    "a function not shown": (f"{DATA}.map(lambda x: x * 2)\n", f"fn = make_fn()\n{DATA}.map(fn)\n"),
    "a closure's parameter": (
        f"def pipeline(scale):\n    return {DATASET}.map(lambda x: x * 2)\n\n\npipeline(model)\n",
        f"def pipeline(net):\n    return {DATASET}.map(lambda x: net(x))\n\n\npipeline(model)\n"),
    "a plain trainer's own method": (TRAINER.format(base=""), TRAINER.format(base="(tf.keras.Model)")),
    "the standard library": ("import subprocess\n\nsubprocess.run(['true'])\n", "strategy.run(model)\n"),
}


@pytest.mark.parametrize("harmless, twin", PAIRS.values(), ids=PAIRS.keys())
def test_tracing_that_reaches_no_class_leaves_them_eager(project, harmless, twin):
    train = project / "train.py"
    train.write_text(MADE + harmless)
    assert found("--no-cache", str(project)) == marked(project)  # the eager classes' hazards LOW
    train.write_text(MADE + twin)
    assert found("--no-cache", str(project)) == marked(project, low=True)


def test_a_dataset_function_calling_project_code_it_does_not_show_may_trace_them(project):
    (project / "encoder" / "prep.py").write_text("def prep(x):\n    return x\n")
    train = project / "train.py"
    train.write_text(MADE + f"import math\n\n{DATA}.map(lambda x: x * math.pi)\n")
    assert found("--no-cache", str(project)) == marked(project)
    train.write_text(MADE + f"from encoder.prep import prep\n\n{DATA}.map(lambda x: prep(x))\n")
    assert found("--no-cache", str(project)) == marked(project, low=True)


def test_a_library_function_mapping_a_class_it_is_handed_may_trace_it(project):
    (project / "encoder" / "data.py").write_text(
        "import tensorflow as tf\n\n\ndef pipeline(make):\n    net = make(blocks=1)\n"
        f"    return {DATASET}.map(lambda x: net(x))\n")
    train = project / "train.py"
    train.write_text(MADE + "from encoder.data import pipeline\n\npipeline(Encoder)\n")
    assert found("--no-cache", str(project)) == marked(project, low=True)
    # The same function mapping what it makes itself, of no project class.
    (project / "encoder" / "data.py").write_text(
        "import tensorflow as tf\n\n\ndef pipeline(make):\n"
        f"    return {DATASET}.map(lambda x: x + 1)\n")
    assert found("--no-cache", str(project)) == marked(project)


FEATURES = ("import tensorflow as tf\n\n\nclass Settings:\n    scale = 2.0\n\n\nclass Features:\n"
            "    def __init__(self, {parameter}):\n        self.held = held\n\n    def apply(self, x):\n"
            "        return self.held.scale * x\n\n    def dataset(self):\n"
            f"        return {DATASET}.map(self.apply)\n")


@pytest.mark.parametrize("parameter, eager", [
    ("held: Settings", True),  # a plain class of the project: what it reaches is shown
    ("held", False),  # not annotated: any instance may be passed
    ("held: tf.keras.Model", False),  # another library's class: any subclass's instance may be passed
    ("held: Encoder", False),
])
def test_a_mapped_method_reaches_what_its_class_keeps_as_annotated(project, parameter, eager):
    (project / "encoder" / "features.py").write_text(
        "from encoder.model import Encoder\n" + FEATURES.format(parameter=parameter))
    (project / "train.py").write_text(MADE + "from encoder.features import Features, Settings\n\n"
                                      "Features(Settings()).dataset()\n")
    assert found("--no-cache", str(project)) == (marked(project) if eager else marked(project, low=True))


KEPT = ("import tensorflow as tf\n\n\nclass Settings:\n    def __init__(self, {parameter}):\n"
        "        self.kept = kept\n\n    def scale(self, x):\n        return {use}\n\n\n"
        "class Features:\n    def __init__(self, held: Settings):\n        self.held = held\n\n"
        "    def apply(self, x):\n        return self.held.scale(x)\n\n    def dataset(self):\n"
        f"        return {DATASET}.map(self.apply)\n")


@pytest.mark.parametrize("parameter, use, eager", [
    ("kept: float", "self.kept * x", True),
    ("kept", "self.kept(x)", False),  # what an instance of the class reached keeps may be the model
])
def test_a_class_reached_reaches_what_its_instances_keep(project, parameter, use, eager):
    (project / "encoder" / "features.py").write_text(KEPT.format(parameter=parameter, use=use))
    (project / "train.py").write_text(MADE + "from encoder.features import Features, Settings\n\n"
                                      f"Features(Settings({'2.0' if eager else 'model'})).dataset()\n")
    assert found("--no-cache", str(project)) == (marked(project) if eager else marked(project, low=True))


def test_a_value_reached_as_a_class_may_be_an_instance_of_its_subclass(project):
    (project / "encoder" / "features.py").write_text(
        "class Holder:\n    scale = 2.0\n\n\n" + FEATURES.format(parameter="held: Holder").replace(
            "class Settings:\n    scale = 2.0\n\n\n", ""))
    train = project / "train.py"
    train.write_text(MADE + "from encoder.features import Features, Holder\n\nFeatures(Holder()).dataset()\n")
    assert found("--no-cache", str(project)) == marked(project)
    (project / "encoder" / "holders.py").write_text(
        "from encoder.features import Holder\nfrom encoder.model import Encoder\n\n\n"
        "class EncoderHolder(Holder):\n    def __init__(self):\n        self.encoder = Encoder(blocks=1)\n")
    train.write_text(MADE + "from encoder.features import Features\nfrom encoder.holders import EncoderHolder\n\n"
                     "Features(EncoderHolder()).dataset()\n")
    assert found("--no-cache", str(project)) == marked(project, low=True)


def test_the_reason_says_nothing_traced_reaches_the_class(project):
    from tests.analysis.test_projects import findings

    (project / "train.py").write_text(MADE + "ckpt = tf.train.Checkpoint(model=model)\nckpt.save('/tmp/ckpt')\n")
    low = [f for f in findings("--no-cache", "--confidence", "LOW", str(project)) if f["confidence"] == "LOW"]
    assert low and all("nothing the project traces reaches it" in f["message"] for f in low)


def test_what_a_mapped_function_reaches_is_the_classes_it_names():
    source = ("import tensorflow as tf\nfrom nets import Net\n\nnet = Net()\n\n\n"
              "def apply(x):\n    return net(x)\n\n\ntf.data.Dataset.range(3).map(apply)\n")
    inputs, others, given, reached = tracing_shown(source)
    assert (inputs, others, given) == (False, True, [])
    assert [base for _holder, base, _attribute, _line in reached] == ["Net"]


HEAD = "import tensorflow as tf\nfrom nets import Net\n\n"
DATA_CLASS = ("class Data:\n    def __init__(self, net):\n        self.net = {made}\n\n"
              "    def apply(self, x):\n        return self.net(x)\n\n    def make(self):\n"
              "        return tf.data.Dataset.range(3).map(self.apply)\n")


# (a mapped function the file shows, its twin reading what the file does not show)
@pytest.mark.parametrize("shown, unknown", [
    ("def fn(x):\n    return x\n\n\ntf.data.Dataset.range(3).map(fn)\n",
     "fn = make()\ntf.data.Dataset.range(3).map(fn)\n"),
    ("net = Net()\ntf.data.Dataset.range(3).map(lambda x: net(x))\n",
     "net = make()\ntf.data.Dataset.range(3).map(lambda x: net(x))\n"),
    (DATA_CLASS.format(made="Net()"), DATA_CLASS.format(made="net")),
    (DATA_CLASS.format(made="Net()"), DATA_CLASS.format(made="Net()") + "\n\ndata = Data(None)\ndata.net = make()\n"),
    ("tf.data.Dataset.range(3).map(lambda x: len(x))\n", "tf.data.Dataset.range(3).map(lambda x: globals()['net'](x))\n"),
    ("model = None\n\n\ndef main():\n    model = Net()\n\n\ntf.data.Dataset.range(3).map(lambda x: model)\n",
     "model = None\n\n\ndef main():\n    global model\n    model = make()\n\n\n"
     "tf.data.Dataset.range(3).map(lambda x: model)\n"),
    ("class Data:\n    def make(self):\n        return tf.data.Dataset.range(3).map(lambda x: self.make)\n",
     "class Data:\n    def make(self):\n        return tf.data.Dataset.range(3).map(lambda x: use(self, x))\n"),
])
def test_a_mapped_function_reading_what_the_file_does_not_show_is_unknown(shown, unknown):
    assert isinstance(tracing_shown(HEAD + shown), list)
    assert tracing_shown(HEAD + unknown) is True


def test_the_eager_check_parses_a_file_once_but_for_the_classes_it_follows(project, monkeypatch):
    # Whether a file traces and the classes it names come from one parse; the bases its classes
    # name, from the view's record; only a class the check follows is parsed again for its reach.
    from tfgraph_lint.analysis import project_tracing

    parses: dict[str, list[str]] = {}
    parse = project_tracing._parsed

    def counted(source):
        parses.setdefault(source, []).append(sys._getframe(1).f_code.co_name)
        return parse(source)

    (project / "encoder" / "features.py").write_text(
        "class Holder:\n    scale = 2.0\n\n\n" + FEATURES.format(parameter="held: Holder").replace(
            "class Settings:\n    scale = 2.0\n\n\n", ""))
    (project / "train.py").write_text(MADE + "from encoder.features import Features, Holder\n\n"
                                      "Features(Holder()).dataset()\n")
    monkeypatch.setattr(project_tracing, "_parsed", counted)
    assert found("--no-cache", str(project)) == marked(project)  # (one run)
    assert any("classes_reach" in callers for callers in parses.values())  # (the check followed classes)
    assert all(len([caller for caller in callers if caller != "classes_reach"]) <= 1 for callers in parses.values())


# A Keras model method called on a receiver traces what the receiver and the call's arguments are
# made of: a plain object's own ``fit``/``save``, or a layer of another library built on a shape,
# reaches no class of the project; a receiver the file does not show may be any model. A tracing
# word that is a name bound in the file, or a module's ``run``, traces nothing itself.
PLAIN = "class Elicit:\n    def fit(self, steps):\n        return 1\n\n    def save(self, path):\n        return None\n\n\n"
RECEIVER_PAIRS = {
    "a plain object's own fit": (PLAIN + "Elicit().fit(3)\n", PLAIN + "model.fit(data)\n" + DATA + "\n"),
    "a plain object's own save": (PLAIN + "trainer = Elicit()\ntrainer.save('/tmp/x')\n",
                                  "def keep(m):\n    m.save('/tmp/x')\n\n\nkeep(model)\n"),
    "another library's layer built": ("layer = tf.keras.layers.Dense(4)\nlayer.build((None, 8))\n",
                                      "model.build((None, 4, 8))\n"),
    "a plain object given the model": (PLAIN + "Elicit().fit(3)\n", PLAIN + "Elicit().fit(model)\n"),
    "a fit given a function not shown": (PLAIN + "Elicit().fit(len)\n", PLAIN + "Elicit().fit(make_steps())\n"),
    "a keyword of a model method": ("layer = tf.keras.layers.Dense(4)\nlayer.build(input_shape=(None, 8))\n",
                                    "model.build(input_shape=(None, 4, 8))\n"),
    "a name bound here": ("build: str = 'loss'\nbuild = {build: 1.0}\n", "build(model)\n"),
    "a module's run": ("import typer\n\n\ndef main():\n    return 0\n\n\ntyper.run(main)\n",
                       "strategy = tf.distribute.get_strategy()\nstrategy.run(model)\n"),
}


@pytest.mark.parametrize("harmless, twin", RECEIVER_PAIRS.values(), ids=RECEIVER_PAIRS.keys())
def test_a_model_method_reaches_what_its_receiver_and_arguments_are_made_of(project, harmless, twin):
    train = project / "train.py"
    train.write_text(MADE + harmless)
    assert found("--no-cache", str(project)) == marked(project)
    train.write_text(MADE + twin)
    assert found("--no-cache", str(project)) == marked(project, low=True)


@pytest.mark.parametrize("layer, traces", [("Embedding(input_dim=100, output_dim=8)", False),
                                           ("Embedding(100, 8)", False), ("Dense(8, input_dim=100)", True)])
def test_an_embeddings_input_dim_is_a_vocabulary_size_not_an_input_shape(layer, traces):
    """``Embedding(input_dim=...)`` names how many tokens there are; ``Dense(8, input_dim=100)``
    gives a first layer its input shape, and a Sequential built on it traces (here handed to code
    the file does not show)."""
    source = f"import tensorflow as tf\n\nlayers = make([tf.keras.layers.{layer}])\n"
    assert (tracing_shown(source) is True) is traces
