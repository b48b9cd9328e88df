"""A model the project compiles and summarises but never runs in a Keras loop, and calls only on
eager values, runs only eagerly (analysis/tracing_reach, cli/view_eager): ``compile`` keeps what
it is given for a loop that never comes, and ``summary`` prints the layers as built; neither runs
``call``. A Keras ``Input`` made beside it and read nowhere the model is does not trace it either,
even under a name an earlier eager tensor had (analysis/symbolic_inputs). Each twin (the model
fitted, given the Input, the Input read after it is made) brings the findings back."""

from __future__ import annotations

import textwrap

import pytest

from project_lint import lint_project, project_findings, write_project

# In the shape of a research model's own module: the layers, then a ``__main__`` block that tries
# them on random tensors (https://github.com/meticulousdev/DA-RNN, model.py).
MODEL = textwrap.dedent("""\
    import tensorflow as tf
    from tensorflow import keras


    class Decoder(keras.layers.Layer):
        def call(self, x):
            scores = keras.layers.Dense(1)(x)
            return tf.nn.softmax(scores, axis=1) * x


    class Forecaster(keras.Model):
        def __init__(self):
            super().__init__()
            self.decoder = Decoder()

        def call(self, x):
            return self.decoder(x)


    if __name__ == "__main__":
        inputs = tf.random.uniform((12, 5, 4))
        x = inputs[:, :, :3]
        model = Forecaster()
        inputs = keras.Input(shape=(5, 4))
        y = model(x)
        model.compile(optimizer="rmsprop", loss="mse", metrics=["mae"])
        model.summary()
    {extra}""")
DENSE_LINE = MODEL.splitlines().index("        scores = keras.layers.Dense(1)(x)") + 1


def _dense_findings(tmp_path, extra: str = "") -> set[str]:
    write_project(tmp_path, {"model.py": MODEL.format(extra=extra)})
    return {confidence for name, line, code, confidence in project_findings(tmp_path)
            if name == "model.py" and line == DENSE_LINE and code == "TFG201"}


def test_a_model_compiled_and_summarised_but_called_eagerly_is_eager(tmp_path):
    assert _dense_findings(tmp_path) == {"LOW"}
    message = next(f["message"] for f in lint_project(tmp_path) if f["line"] == DENSE_LINE)
    assert "nothing the project traces reaches it" in message


@pytest.mark.parametrize("extra", [
    "    model.fit(x, y)\n",  # the loop compile was for
    "    keras.Model(inputs, model(inputs))\n",  # the Input given to the model
    "    print(inputs[:, 0])\n",  # the Input read after it is made: not shown
    "    tf.xla.experimental.compile(lambda: model(x))\n",  # XLA's compile traces its function
])
def test_a_loop_an_input_or_a_compiled_function_keeps_it_graph_code(tmp_path, extra):
    assert _dense_findings(tmp_path, extra) == {"INFERENCE"}
