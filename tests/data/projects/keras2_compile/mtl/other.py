"""A layer of the package that the Keras 2 program does not import: nothing shows its Keras."""
import tensorflow as tf

from .heads.losses import empty_safe_mean


class Pooled(tf.keras.layers.Layer):
    def call(self, inputs):
        return empty_safe_mean(inputs)
