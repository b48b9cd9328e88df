"""The screen lets through every file a rule can report on, in every spelling, and little else."""

from __future__ import annotations

from pathlib import Path

import astroid
import pytest

from tfgraph_lint.analysis.screen import may_contain_graph_code
from tfgraph_lint.core.config import Config
from tfgraph_lint.engine import analyze_module

from annotated import CASES, FIXTURES

EXAMPLES = sorted(FIXTURES.glob("*/*.py")) + sorted(CASES.glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[f"{p.parent.name}/{p.name}" for p in EXAMPLES])
def test_no_screened_out_example_has_findings(path: Path):
    """The screen's promise, checked against the engine itself on every example file: if a
    new rule reports outside graph code, its fixture fails here until the screen knows it."""
    text = path.read_text(encoding="utf-8")
    if may_contain_graph_code(text, Config()):
        return
    findings = analyze_module(astroid.parse(text, path=str(path)), str(path), Config())
    assert findings == [], f"screened out, yet the engine reports {[(f.line, f.code) for f in findings]}"


GRAPH_CODE = {
    "decorator": "import tensorflow as tf\n@tf.function\ndef f(x):\n    return x\n",
    "spaced attribute": "import tensorflow as tf\nf = tf . function(g)\n",
    "continued attribute": "import tensorflow as tf\nf = tf.\\\n    function(g)\n",
    "attribute after a comment": "import tensorflow as tf\nf = (tf.  # why\n     function)(g)\n",
    "imported name": "from tensorflow import function as tff\n@tff\ndef f(x):\n    return x\n",
    "bracketed import": "from tensorflow import (  # ok)\n    Variable,\n    function,\n)\n",
    "continued import": "from tensorflow import Variable, \\\n    function\n",
    "star import": "from tensorflow import *\n@function\ndef f(x):\n    return x\n",
    "compat path": "import tensorflow.compat.v2 as tf\n@tf.function\ndef f(x):\n    return x\n",
    "builder": "import tensorflow as tf\ny = tf.map_fn(lambda v: v, x)\n",
    "imported builder": "from tensorflow import while_loop\n",
    "dataset method": "import tensorflow as tf\nds = make()\nds = ds.map(lambda v: v)\n",
    "strategy.run": "import tensorflow as tf\ndef step(x):\n    return x\nstrategy.run(step, args=(1,))\n",
    "distribute call": "import tensorflow as tf\ns = tf.distribute.get_strategy()\ns.run(step)\n",
    "keras method": "import keras\nclass L(keras.layers.Layer):\n    def call(self, x):\n        return x\n",
    "tf.keras train_step": "import tensorflow as tf\nclass M(tf.keras.Model):\n    def train_step(self, d):\n"
                           "        return {}\n",
    "run_functions_eagerly": "import tensorflow as tf\ntf.config.run_functions_eagerly(True)\n",
    "experimental switch": "import tensorflow as tf\ntf.config.experimental_run_functions_eagerly(True)\n",
    "fullwidth identifier": "import tensorflow as tf\n@tf.\uff46unction\ndef f(x):\n    return x\n",
}


@pytest.mark.parametrize("text", GRAPH_CODE.values(), ids=GRAPH_CODE.keys())
def test_every_way_into_graph_code_passes(text):
    assert may_contain_graph_code(text, Config())


NO_GRAPH_CODE = {
    "no TensorFlow": "def f(x):\n    return x.map(g)\n",
    "TensorFlow, no graph code": "import tensorflow as tf\nx = tf.constant(1)\nmodel = tf.keras.Sequential()\n",
    "words in a docstring": 'import tensorflow as tf\n"""This function calls map_fn and run."""\n',
    "session run": "import tensorflow as tf\nsess = tf.compat.v1.Session()\nsess.run(x)\n",
    "call without Keras": "import tensorflow as tf\nclass A:\n    def call(self, x):\n        return x\n",
    "a bare name after import": "import tensorflow as tf\nimport os; function(x)\n",
}


@pytest.mark.parametrize("text", NO_GRAPH_CODE.values(), ids=NO_GRAPH_CODE.keys())
def test_files_without_graph_code_are_screened_out(text):
    assert not may_contain_graph_code(text, Config())


def test_configured_wrappers_and_keras_setting():
    text = "import mylib\n\n@mylib.jit\ndef f(x):\n    print(x)\n"
    assert not may_contain_graph_code(text, Config())
    assert may_contain_graph_code(text, Config(extra_function_decorators=("mylib.jit",)))
    keras_only = "import keras\nclass L(keras.layers.Layer):\n    def call(self, x):\n        return x\n"
    assert not may_contain_graph_code(keras_only, Config(keras_methods=False))


def test_long_files_of_imports_and_comments_are_screened_quickly():
    """Each pattern reads a text one way only; backtracking blow-ups would hang this test."""
    text = "import tensorflow as tf\n" + ("from a import (b,  # c\n  d, e as f,\n)\n" * 3000) \
        + ("x = y.  # a comment\\ \n" * 3000) + ("# " + "w " * 5000 + "\n") * 20
    assert not may_contain_graph_code(text, Config())
