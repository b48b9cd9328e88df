"""Keras 2 and dynamic=True shown by another file of the project (tests/data/projects/keras2_compile
and dynamic_bases hold the cases; these are their twins and the readers' edge cases).

A program that compiles with a keyword only Keras 2 accepts runs Keras 2, and so do the project
files it imports: a helper its layer calls is converted by AutoGraph (silent). The same project
compiling without it, or only inside a ``try``, is Keras 3 code (reported). A base of another file
passing True fourth counts only when that base derives from Keras's ``Layer`` itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tfgraph_lint.analysis.dynamic_declarations import KEYWORD, POSITIONAL, class_passes_dynamic
from tfgraph_lint.analysis.keras_generation import keras_2_compile, keras_2_metric_reset
from tests.analysis.test_projects import findings

LAYER = """import tensorflow as tf

from helpers import empty_safe


class Head(tf.keras.layers.Layer):
    def call(self, inputs):
        return empty_safe(inputs)
"""

HELPERS = """import tensorflow as tf


def empty_safe(values):
    if tf.equal(tf.size(values), 0):
        return 0.0
    return tf.reduce_mean(values)
"""

TRAIN = """import tensorflow as tf

from layer import Head


def train(dataset):
    model = tf.keras.Sequential([Head()])
{compile}
    model.fit(dataset)
"""


def _helper_findings(tmp_path: Path, compile_call: str) -> list[tuple[str, int]]:
    (tmp_path / ".git").mkdir()
    (tmp_path / "layer.py").write_text(LAYER)
    (tmp_path / "helpers.py").write_text(HELPERS)
    (tmp_path / "train.py").write_text(TRAIN.format(compile=compile_call))
    return [(Path(f["path"]).name, f["line"]) for f in findings("--no-cache", str(tmp_path))
            if f["symbol"] == "tensor-used-as-python-value"]


def test_a_program_compiling_with_a_keras_2_keyword_runs_the_files_it_imports_under_keras_2(tmp_path):
    assert _helper_findings(tmp_path, '    model.compile(loss="mse", experimental_run_tf_function=False)') == []


@pytest.mark.parametrize("compile_call", [
    '    model.compile(loss="mse", run_eagerly=False)',  # Keras 3 accepts every keyword here
    '    try:\n        model.compile(loss="mse", experimental_run_tf_function=False)\n'
    '    except TypeError:\n        model.compile(loss="mse")',  # written for both generations
])
def test_a_compile_without_a_keras_2_only_keyword_says_nothing(tmp_path, compile_call):
    assert _helper_findings(tmp_path, compile_call) == [("helpers.py", 5)]


METRICS = """import tensorflow as tf


class Tracker:
    def __init__(self):
        self.seen = tf.keras.metrics.Mean()

    def restart(self):
        self.seen.{reset}()
"""


@pytest.mark.parametrize("reset, found", [
    ("reset_states", []),  # Keras 3's metrics have reset_state only: the program runs Keras 2
    ("reset_state", [("helpers.py", 5)]),
])
def test_a_module_the_program_loads_resetting_a_metric_by_keras_2_s_name_makes_it_keras_2(tmp_path, reset, found):
    (tmp_path / "metrics.py").write_text(METRICS.format(reset=reset))
    assert _helper_findings(tmp_path, '    import metrics\n    model.compile(loss="mse")') == found


@pytest.mark.parametrize("reset_in, loaded, found", [
    ("pkg/metrics.py", "from pkg import metrics", []),  # the library's own module: written for Keras 2
    ("pkg/metrics.py", "import pkg.metrics", []),  # (``import pkg.metrics`` loads pkg/metrics.py too)
    ("examples/metrics.py", "import metrics", [("helpers.py", 5)]),  # an example shows the Keras it runs
])
def test_in_a_library_only_its_own_modules_resetting_a_metric_count(tmp_path, reset_in, loaded, found):
    (tmp_path / ".git").mkdir()
    (tmp_path / "setup.py").write_text("from setuptools import setup\n\nsetup(name='pkg')\n")
    for folder in ("pkg", "examples"):
        (tmp_path / folder).mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "layer.py").write_text(LAYER.replace("from helpers", "from pkg.helpers"))
    (tmp_path / "pkg" / "helpers.py").write_text(HELPERS)
    (tmp_path / reset_in).write_text(METRICS.format(reset="reset_states"))
    importer = "pkg/train.py" if reset_in.startswith("pkg") else "examples/train.py"
    (tmp_path / importer).write_text(TRAIN.replace("from layer", "from pkg.layer").format(
        compile=f'    {loaded}\n    model.compile(loss="mse")'))
    assert [(Path(f["path"]).name, f["line"]) for f in findings("--no-cache", str(tmp_path))
            if f["symbol"] == "tensor-used-as-python-value"] == found


def test_the_metric_resets_read():
    reset = "import tensorflow as tf\nm = tf.keras.metrics.Mean()\nm.reset_states()\n"
    assert keras_2_metric_reset(reset) == 3
    assert keras_2_metric_reset("from keras.metrics import Sum\nclass T:\n    def __init__(self):\n"
                                "        self.m = Sum()\n    def go(self):\n        self.m.reset_states()\n") == 6
    # Not shown a Keras metric: a stateful RNN layer (Keras 3 keeps its reset_states), a value
    # bound to something else too, a call written for both generations.
    assert keras_2_metric_reset(reset.replace("metrics.Mean()", "layers.LSTM(2, stateful=True)")) is None
    assert keras_2_metric_reset(reset.replace("m.reset_states()", "m = other()\nm.reset_states()")) is None
    assert keras_2_metric_reset(reset.replace("m.reset_states()", "try:\n    m.reset_states()\n"
                                                                  "except AttributeError:\n    m.reset_state()")) is None


def test_the_compile_keywords_read():
    assert keras_2_compile('m.compile(loss="mse",\n          sample_weight_mode="temporal")\n') == 1
    assert keras_2_compile("x = 1\nmodel.compile(cloning=False)\n") == 2
    # Comments, strings and other calls spell no use.
    assert keras_2_compile('# compile(experimental_run_tf_function=False)\ns = "experimental_run_tf_function"\n') is None
    assert keras_2_compile("fit(experimental_run_tf_function=False)\n") is None
    assert keras_2_compile("if tf.__version__ < '2.16':\n    m.compile(experimental_run_tf_function=False)\n") is None


def _passes(init: str):
    return class_passes_dynamic(ast.parse(f"class C(Base):\n    def __init__(self, units, dynamic=True):\n{init}").body[0])


def test_how_an_init_passes_dynamic_up():
    assert _passes("        super().__init__(dynamic=True)\n") == (KEYWORD, 3)
    assert _passes("        super().__init__(True, None, None, True)\n") == (POSITIONAL, 3)
    assert _passes("        Base.__init__(self, True, None, None, True)\n") == (POSITIONAL, 3)
    assert _passes("        assert dynamic\n        super().__init__(dynamic=dynamic)\n") == (KEYWORD, 4)
    # dynamic=False, a parameter a caller may set False, a fourth argument behind a star, nothing
    assert _passes("        super().__init__(dynamic=False)\n") is None
    assert _passes("        super().__init__(dynamic=dynamic)\n") is None
    assert _passes("        super().__init__(*args, True)\n") is None
    assert _passes("        super().__init__(True, None, None)\n") is None
    assert _passes("        Base.__init__(self, True, None, True)\n") is None


BASES = """import tensorflow as tf


class EagerBase(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__(True, None, None, True)


class WideDense(tf.keras.layers.Dense):
    def __init__(self):
        super().__init__(8, None, True, True)
"""

SUBCLASSES = """import tensorflow as tf

from bases import EagerBase, WideDense


class Eager(EagerBase):
    def call(self, x):
        batch, points = tf.shape(x)
        return batch


class Wide(WideDense):
    def call(self, x):
        batch, points = tf.shape(x)
        return batch
"""


def test_true_fourth_counts_only_where_the_base_of_another_file_is_the_layer_class(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "bases.py").write_text(BASES)
    (tmp_path / "layers.py").write_text(SUBCLASSES)
    found = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(tmp_path))
    assert sorted((f["line"], f["confidence"]) for f in found if f["symbol"] == "tensor-used-as-python-value") == [
        (8, "LOW"), (14, "INFERENCE")]
