"""analysis/project_tracing: whether a file's code names a way for TensorFlow to trace, each case
with a twin that stays silent; and the classes a file makes, with the class whose body makes them."""

from __future__ import annotations

import textwrap

import pytest

from tfgraph_lint.analysis.project_tracing import class_references, shows_tracing


@pytest.mark.parametrize("source", [
    "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    return x\n",
    "from tensorflow import function\nstep = function(lambda x: x)\n",
    "model.compile(loss='mse')\n",
    "model.fit(x, y)\n",
    "model.predict(x)\n",
    "model.build((None, 3))\n",
    "model.save('path')\n",
    "tf.saved_model.save(model, 'path')\n",
    "inputs = tf.keras.Input((3,))\n",
    "net = tf.keras.Sequential([Block(input_shape=(3,))])\n",
    "ds = ds.map(model)\n",
    "strategy.run(step, args=(x,))\n",
    "tf.vectorized_map(model, xs)\n",
    "tf.compat.v1.disable_eager_execution()\n",
    "with tf.compat.v1.Session() as session:\n    pass\n",
    "converter = tf.lite.TFLiteConverter.from_keras_model(model)\n",
    "def broken(:\n    model.fit(x)\n",  # cannot be parsed: counts as tracing
])
def test_tracing_is_shown(source):
    assert shows_tracing(source)


@pytest.mark.parametrize("source", [
    '"""Implements the encoding function, to fit and compile later."""\nx = 1\n',  # words in prose
    "# model.fit(x, y)\nx = 1\n",
    "class Block(Layer):\n    def build(self, input_shape):\n        super().build(input_shape)\n",
    "y = model(x)\nprint(y.numpy())\n",
    "pairs = list(map(str, range(3)))\n",  # the builtin map, called by name
    "y = tf.cond(flag, lambda: a, lambda: b)\n",  # runs its branch eagerly in eager code
    "y = tf.map_fn(tf.abs, xs)\n",
    "model.save_weights('path')\n",
    "def broken(:\n    pass\n",  # cannot be parsed, but names nothing that traces
])
def test_no_tracing_is_shown(source):
    assert not shows_tracing(source)


def test_a_configured_wrapper_is_tracing():
    source = "from agents import common\n\nstep = common.wrap(train)\n"
    assert not shows_tracing(source)
    assert shows_tracing(source, frozenset({"wrap"}))


def test_class_references_name_the_class_whose_statement_holds_them():
    source = textwrap.dedent("""
        import layers

        class Model(layers.Base):
            def __init__(self):
                self.block = layers.Block(3)
                self.kind = Kind

        def main():
            model = Model()
            return helper(model)
    """)
    assert class_references(source) == [["Model", "layers", "Base", 4, False], ["Model", "layers", "Block", 6, True],
                                        ["Model", "Kind", None, 7, False], [None, "Model", None, 10, True]]
    assert class_references("def broken(:\n") is None
