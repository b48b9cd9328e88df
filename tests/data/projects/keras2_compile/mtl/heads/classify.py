import tensorflow as tf

from .losses import empty_safe_loss


class Classify(tf.keras.layers.Layer):
    def call(self, inputs):
        return empty_safe_loss(inputs, inputs)
