"""Evidence across files that Keras code is never traced, read where a first run on new code met
it: a model compiled with ``run_eagerly=True`` in the training script (analysis/eager_compiles).
Each with the twin that stays reported."""

from __future__ import annotations

from pathlib import Path

from project_lint import project_findings as _findings
from project_lint import write_project as _write


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


# Research code that ships no package: a model whose only training script line sits in a string,
# the layers it holds checked by a test that calls them eagerly (analysis/unmade_evidence,
# cli/view_unmade, keras_run_evidence).
LAYERS = """import tensorflow as tf


class Block(tf.keras.layers.Layer):
    def call(self, x):
        print("block", x)
        return x


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def call(self, x):
        return self.block(x)
"""

TRAIN_IN_A_STRING = """import tensorflow as tf
from layers import Net

'''
model = Net()
model.compile(optimizer="adam", loss="mse")
model.fit(tf.zeros((4, 2)), tf.zeros((4, 2)))
'''
print("training is switched off")
"""

TEST_EAGERLY = """import tensorflow as tf
from layers import *


def test_block():
    assert Block()(tf.zeros((1, 2))).shape == (1, 2)
"""

CLEANERS = """import re


def lower(text):
    return text.lower()


def collapse(text):
    return re.sub(r"\\s+", " ", text)
"""

TEXT = """import cleaners


def clean(text, names):
    for name in names:
        text = getattr(cleaners, name)(text)
    return text
"""


def _research(root: Path, **files: str) -> Path:
    (root / ".git").mkdir(parents=True)
    return _write(root, {"layers.py": LAYERS, "train.py": TRAIN_IN_A_STRING, "test_layers.py": TEST_EAGERLY,
                         "cleaners.py": CLEANERS, "text.py": TEXT, **files})


def _block_level(found: set) -> str:
    return next(level for name, line, code, level in found if name == "layers.py" and line == 6)


def test_a_layer_held_only_by_a_model_no_code_makes_and_called_eagerly_by_tests_is_low(tmp_path):
    # The model is made only inside a string; a text module looks cleaner functions up by name in
    # a module of functions, which can make no class; the test star-imports the layers module.
    assert _block_level(_findings(_research(tmp_path))) == "LOW"


def test_the_model_made_and_fit_by_the_script_keeps_the_layer_s_finding(tmp_path):
    train = TRAIN_IN_A_STRING.replace("'''\n", "")
    assert _block_level(_findings(_research(tmp_path, **{"train.py": train}))) == "INFERENCE"


def test_a_test_that_traces_the_layer_keeps_its_finding(tmp_path):
    traced = TEST_EAGERLY + "\n\ndef test_traced():\n    tf.function(Block())(tf.zeros((1, 2)))\n"
    assert _block_level(_findings(_research(tmp_path, **{"test_layers.py": traced}))) == "INFERENCE"


def test_a_look_up_by_name_in_a_module_that_binds_a_class_keeps_the_finding(tmp_path):
    cleaners = CLEANERS + "\n\nclass Pipeline:\n    pass\n"
    assert _block_level(_findings(_research(tmp_path, **{"cleaners.py": cleaners}))) == "INFERENCE"
    layers = TEXT.replace("cleaners", "layers")  # may make Net by name
    assert _block_level(_findings(_research(tmp_path / "b", **{"text.py": layers}))) == "INFERENCE"


# A helper's check under a flag that every traced caller, in another file, turns off
# (analysis/call_data's call shapes carry the literal; analysis/untaken_branches decides the if).
AUDIO = """import tensorflow as tf


class STFT:
    def __init__(self, n):
        self.n = n

    def mel(self, x, check_shape=True):
        if check_shape:
            assert len(x.shape) == 1, "bad shape {}".format(tf.shape(x))
        return tf.signal.stft(x, self.n, self.n)
"""

GAN = """import tensorflow as tf

from audio import STFT


class GAN(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.stft = STFT(4)

    def train_step(self, data):
        return {{"mel": self.stft.mel(data, {flag})}}
"""

FIT = """import tensorflow as tf
from gan import GAN

gan = GAN()
gan.compile(optimizer="adam")
gan.fit(tf.zeros((4, 16)), epochs=1)
"""


def _check_level(root: Path, flag: str) -> str:
    (root / ".git").mkdir(parents=True)
    found = _findings(_write(root, {"audio.py": AUDIO, "gan.py": GAN.format(flag=flag), "train.py": FIT}))
    return next(level for name, line, code, level in found if name == "audio.py" and code == "TFG108")


def test_a_check_that_every_traced_caller_in_another_file_turns_off_is_low(tmp_path):
    assert _check_level(tmp_path, "False") == "LOW"


def test_a_caller_that_turns_the_check_on_or_passes_a_value_keeps_it(tmp_path):
    assert _check_level(tmp_path / "a", "True") == "INFERENCE"
    assert _check_level(tmp_path / "b", "self.n > 2") == "INFERENCE"


# A layer whose call method a script invokes directly on a functional model's symbolic Input: the
# method runs there, once; the model holds what it built, not the layer (keras_run_evidence).
EDGES = """import tensorflow as tf


class EdgeNet(tf.keras.layers.Layer):
    def call(self, x):
        return tf.keras.layers.Dense(2)(x)


edge_net = EdgeNet()
inputs = tf.keras.Input(shape=(4, 2))
outputs = edge_net{how}(inputs)
model = tf.keras.Model(inputs=inputs, outputs=outputs)
model.compile(optimizer="adam", loss="mse")
model.fit(tf.zeros((2, 4, 2)), tf.zeros((2, 4, 2)))
"""


def test_a_layer_whose_call_method_builds_a_functional_model_once_is_low(tmp_path):
    found = _findings(_write(tmp_path, {"edges.py": EDGES.format(how=".call")}))
    assert ("edges.py", 6, "TFG201", "LOW") in found


def test_the_layer_called_as_a_node_of_the_functional_model_keeps_its_finding(tmp_path):
    found = _findings(_write(tmp_path, {"edges.py": EDGES.format(how="")}))
    assert ("edges.py", 6, "TFG201", "INFERENCE") in found


# A model handed to a plain training step of the script, which runs it under a tape
# (analysis/eager_steps).
NET = """import tensorflow as tf


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        print("batch", x)
        return self.dense(x)
"""

STEPS = """import tensorflow as tf


{decorator}def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x, training=True) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


@tf.function
def scale(x):
    return x * 2.0
{after}"""

LOOP = """import tensorflow as tf
from net import Net
from steps import *

model = Net()
optimizer = tf.keras.optimizers.Adam()
for step in range(10):
    loss = train_step(model, optimizer, tf.zeros((4, 2)), tf.zeros((4, 1)))
    print(float(loss))
"""


def _step_level(root: Path, decorator: str = "", after: str = "", loop: str = LOOP) -> str:
    # The step sits in the training script itself (a function of another file is not read).
    steps = STEPS.format(decorator=decorator, after=after).replace("import tensorflow as tf\n", "")
    found = _findings(_write(root, {"net.py": NET, "train.py": loop.replace("from steps import *\n", steps)}))
    return next(level for name, line, code, level in found if name == "net.py" and line == 10)


def test_a_model_handed_to_a_plain_training_step_with_a_tape_runs_eagerly(tmp_path):
    assert _step_level(tmp_path) == "LOW"


def test_a_training_step_that_is_a_tf_function_keeps_the_finding(tmp_path):
    assert _step_level(tmp_path / "a", decorator="@tf.function\n") == "INFERENCE"
    assert _step_level(tmp_path / "b", after="\n\ntrain_step = tf.function(train_step)\n") == "INFERENCE"


def test_a_step_called_from_a_tf_function_or_without_a_tape_keeps_the_finding(tmp_path):
    traced = LOOP.replace("for step in range(10):\n    loss = train_step(", "@tf.function\ndef run(x, y):\n"
                          "    return train_step(").replace(
        "    print(float(loss))\n", "") + "\nrun(tf.zeros((4, 2)), tf.zeros((4, 1)))\n"
    assert _step_level(tmp_path / "a", loop=traced) == "INFERENCE"
    steps = STEPS.format(decorator="", after="").replace("with tf.GradientTape() as tape:", "if True:")
    found = _findings(_write(tmp_path / "b", {"net.py": NET, "train.py": LOOP.replace(
        "from steps import *\n", steps.replace("import tensorflow as tf\n", ""))}))
    assert ("net.py", 10, "TFG101", "INFERENCE") in found


# A library helper that a test file wraps in local tf.functions and calls through a table of
# eager, graph and XLA variants, never turning its ``verbose`` flag on (analysis/local_calls: the
# wrappers' flag is what every call passes; call_data carries it to the helper's file).
DESCRIBE = """import tensorflow as tf


def describe(x, verbose=False):
    if verbose:
        print("describe", x.numpy())
    return x * 2
"""

TEST_DESCRIBE = """import tensorflow as tf

from describe import describe


def test_modes():
    @tf.function
    def describe_graph(x, verbose=False):
        return describe(x, verbose=verbose)

    @tf.function(jit_compile=True)
    def describe_xla(x, verbose=False):
        return describe(x, verbose=verbose)

    variants = {{"eager": describe, "graph": describe_graph, "xla": describe_xla}}
    for mode, fn in variants.items():
        fn(tf.constant([1.0]){passed})
"""


def _describe_levels(root: Path, passed: str) -> set[str]:
    (root / ".git").mkdir(parents=True)
    found = _findings(_write(root, {"describe.py": DESCRIBE, "test_describe.py": TEST_DESCRIBE.format(passed=passed)}))
    return {level for name, line, code, level in found if name == "describe.py" and code == "TFG202"}


def test_a_flag_no_call_of_the_test_wrappers_turns_on_leaves_the_helper_branch_low(tmp_path):
    assert _describe_levels(tmp_path, "") == {"LOW"}


def test_a_table_call_that_turns_the_flag_on_keeps_the_helper_finding(tmp_path):
    assert _describe_levels(tmp_path, ", verbose=True") == {"INFERENCE"}
