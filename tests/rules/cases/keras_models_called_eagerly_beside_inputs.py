"""A twin of keras_models_called_eagerly.py: a layer called only outside traced code, in a script
that builds a functional model on ``keras.Input``. ``head(inputs)`` calls it on symbolic inputs,
which the call in ``head`` does not show: it stays graph code (analysis/symbolic_construction)."""
import tensorflow as tf


class CalledBesideInput(tf.keras.layers.Layer):
    def call(self, x):
        print("input", x)  # [python-print-in-graph]
        return x


layer = CalledBesideInput()


def head(features):
    return layer(features)


if __name__ == "__main__":
    for _ in range(3):
        head(tf.zeros((2, 4)))
    inputs = tf.keras.Input((4,))
    functional = tf.keras.Model(inputs, head(inputs))
