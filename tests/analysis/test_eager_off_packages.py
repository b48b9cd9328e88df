"""Packages that turn eager execution off when imported (analysis/eager_off_packages), and the
Keras findings that describe TensorFlow 1 graph mode's design there (analysis/graph_mode_keras)."""

from __future__ import annotations

from pathlib import Path

import pytest

from project_lint import project_findings, write_project
from tfgraph_lint.analysis import eager_off_packages
from tfgraph_lint.analysis.eager_off_packages import eager_off_package
from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.core.config import Config


@pytest.fixture(autouse=True)
def _fresh_folders():
    eager_off_packages._folder_turns_eager_off.cache_clear()  # each test writes new folders
    yield
    eager_off_packages._folder_turns_eager_off.cache_clear()


def _module_in(root: Path, init: str, nested: str | None = None) -> Path:
    files = {"pkg/__init__.py": init, "pkg/layers.py": "x = 1\n"}
    if nested is not None:
        files = {**files, "pkg/sub/__init__.py": nested, "pkg/sub/layers.py": "x = 1\n"}
    write_project(root, files)
    return root / "pkg" / ("sub" if nested is not None else "") / "layers.py"


@pytest.mark.parametrize("init", [
    "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n",
    "import tensorflow.compat.v1 as tf\n\ntf.disable_v2_behavior()\n",
    "from tensorflow.compat.v1 import disable_eager_execution\ndisable_eager_execution()\n",
    "import sys\ntry:\n    import tensorflow as tf\n    tf.compat.v1.disable_eager_execution()\nexcept ImportError:\n    pass\n",
])
def test_a_package_that_turns_eager_execution_off_at_import_says_where(tmp_path, init):
    found = eager_off_package(str(_module_in(tmp_path, init)))
    assert found is not None and found.startswith("pkg/__init__.py:")


def test_the_outer_package_of_a_subpackage_counts(tmp_path):
    module = _module_in(tmp_path, "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n", nested="")
    assert eager_off_package(str(module)) == "pkg/__init__.py:2"


@pytest.mark.parametrize("init", [
    "import tensorflow as tf\n",
    "import tensorflow as tf\n\ndef graph_mode():\n    tf.compat.v1.disable_eager_execution()\n",
    "import mylib as tf\ntf.compat.v1.disable_eager_execution()\n",
    "import tensorflow as tf\ntf.compat.v1.enable_eager_execution()\n",
    "this is not Python(\n",
])
def test_a_package_that_leaves_eager_execution_on_says_nothing(tmp_path, init):
    assert eager_off_package(str(_module_in(tmp_path, init))) is None


def test_a_module_outside_any_package_and_text_without_a_file_say_nothing(tmp_path):
    write_project(tmp_path, {"__main__.py": "", "script.py": "x = 1\n"})
    assert eager_off_package(str(tmp_path / "script.py")) is None
    assert eager_off_package("<string>") is None


def test_the_cache_key_changes_with_what_the_package_turns_off(tmp_path):
    module = _module_in(tmp_path / "a", "import tensorflow as tf\n")
    text = module.read_text()
    plain = ResultCache(Config(), tmp_path / "cache").key(str(module), text)
    (module.parent / "__init__.py").write_text("import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n")
    eager_off_packages._folder_turns_eager_off.cache_clear()  # a new process reads the folder again
    assert ResultCache(Config(), tmp_path / "cache").key(str(module), text) != plain


# A Keras layer and an optimizer of a package in graph mode: Keras runs their methods once, when it
# builds the graph (checked on TensorFlow 2.21 with tf_keras: call ran once through fit and
# predict; with eager execution on, fit raised ValueError on the K.zeros variable).
LAYERS = """import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K

BUILT = []


class Scale(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.calls = 0
        self.noise = np.random.normal()

    def call(self, x):
        print(x)
        BUILT.append(x)
        self.calls += 1
        offset = K.zeros((1,))
        return x * np.random.normal() + offset


@tf.function
def step(x):
    print(x * 2)
    return x
"""

RUN = """import numpy as np
from pkg.layers import Scale, step
from tensorflow import keras

inputs = keras.Input((1,))
model = keras.Model(inputs, Scale()(inputs))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 1)), np.ones((8, 1)), epochs=3)
step(np.ones(1))
"""


def _levels(root: Path, init: str) -> dict[tuple[str, int], str]:
    (root / ".git").mkdir(parents=True)
    found = project_findings(write_project(root, {"pkg/__init__.py": init, "pkg/layers.py": LAYERS, "run.py": RUN}))
    lines = LAYERS.splitlines()
    return {(code, lines[line - 1].strip()): level for name, line, code, level in found if name == "layers.py"}


def test_keras_methods_of_a_package_in_graph_mode_build_once_by_design(tmp_path):
    levels = _levels(tmp_path, "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n")
    for finding in BUILT_ONCE:
        assert levels[finding] == "LOW", finding
    # A random draw is frozen into the graph as in a trace; a tf.function is no Keras method.
    for finding in KEPT:
        assert levels[finding] != "LOW", finding


def test_the_same_package_with_eager_execution_on_keeps_them(tmp_path):
    levels = _levels(tmp_path, "import tensorflow as tf\n")
    for finding in BUILT_ONCE + KEPT:
        assert levels[finding] != "LOW", finding


BUILT_ONCE = [("TFG101", "print(x)"), ("TFG104", "BUILT.append(x)"), ("TFG105", "self.calls += 1"),
              ("TFG201", "offset = K.zeros((1,))")]
KEPT = [("TFG102", "return x * np.random.normal() + offset"), ("TFG101", "print(x * 2)")]
