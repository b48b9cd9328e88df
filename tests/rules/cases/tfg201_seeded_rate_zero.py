"""Keras 3 makes a seeded layer's seed variable only for a rate above 0 (``if rate > 0:`` in
Dropout, GaussianNoise, GaussianDropout, AlphaDropout; checked on TF 2.21: ``Dropout(0.0)`` made
per trace traces again without error, ``Dropout(0.1)`` raises ValueError). KerasCV's CLIP
attention makes ``keras.layers.Dropout(self.dropout)`` in ``call`` with ``dropout=0.0`` by default,
and the module makes the layer once, passing none."""

import keras
import tensorflow as tf


@tf.function
def literal_rates(x):
    y = keras.layers.Dropout(0.0)(x, training=True)  # rate 0: no variable at all, silent
    y = keras.layers.GaussianNoise(stddev=0)(y, training=True)
    return keras.layers.Dropout(0.2)(y, training=True)  # [variable-created-in-graph]


class Attention(keras.layers.Layer):
    # Every construction below leaves ``dropout`` at 0.0: LOW (another file could pass one).
    def __init__(self, units, dropout=0.0):
        super().__init__()
        self.units = units
        self.dropout = dropout

    def call(self, x, training=False):
        return keras.layers.Dropout(self.dropout)(x, training=training)  # low: [variable-created-in-graph]


class Block(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.attention = Attention(4)
        self.noisy = NoisyAttention(4, dropout=0.1)

    def call(self, x):
        return self.noisy(self.attention(x))


class NoisyAttention(keras.layers.Layer):
    # The twin: one construction passes a rate above 0, so its seed variable is made per trace.
    def __init__(self, units, dropout=0.0):
        super().__init__()
        self.dropout = dropout

    def call(self, x, training=False):
        return keras.layers.Dropout(self.dropout)(x, training=training)  # [variable-created-in-graph]
