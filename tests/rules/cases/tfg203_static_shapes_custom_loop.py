"""TFG203: x.shape[0] in a Keras call() of a module that shows no fit() and no keras.Input.

Run by a custom loop of fixed-size batches, the static batch is known: LOW, not reported at the
default levels (the message says what would make it fail).
"""
import tensorflow as tf


class Generator(tf.keras.layers.Layer):
    def call(self, inputs):
        return tf.reshape(inputs, (inputs.shape[0], 1, 1, inputs.shape[1]))


generator = Generator()


@tf.function
def step(noise):
    return generator(noise)
