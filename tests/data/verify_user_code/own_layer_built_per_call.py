"""A layer class of the module, with a weight of its own, built in another layer's call().

In the shape of https://github.com/calmiLovesAI/Basic_CNNs_TensorFlow2/issues/13: every trace of
the outer call() makes a new Scale, whose build() adds a weight: a tf.function refuses variables
after its first trace, so graph mode raises ValueError; eagerly each call just makes a new layer.
"""
# runtime: raises ValueError
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(input_shape[-1],), initializer="ones")

    def call(self, x):
        return x * self.scale


class Block(tf.keras.layers.Layer):
    def call(self, x):
        return Scale()(x) + 1.0  # [variable-created-in-graph]


def main():
    block = Block()
    step = tf.function(lambda x: block(x))
    return [float(tf.reduce_sum(step(tf.ones([n, 2])))) for n in (1, 2, 3)]
