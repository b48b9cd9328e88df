"""A lambda kept on self that makes a Dense layer each time call() runs it.

In the shape of https://github.com/captain-pool/GSOC/pull/38 (``self.conv = lambda x:
Conv2D(...)(x)``): each trace makes new layers, so graph mode raises ValueError on the second
trace; eagerly each call just makes new layers.
"""
# runtime: raises ValueError
import tensorflow as tf


class Residual(tf.keras.layers.Layer):
    def __init__(self, width):
        super().__init__()
        self.dense = lambda x: tf.keras.layers.Dense(width)(x)  # [variable-created-in-graph]

    def call(self, x):
        return x + self.dense(x)


def main():
    block = Residual(2)
    step = tf.function(lambda x: block(x))
    return [step(tf.ones([n, 2])).shape.as_list() for n in (1, 2, 3)]
