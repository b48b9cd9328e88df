"""Fixed twin of keras15360_layer_call_append.py: tf.map_fn over the batch, no Python list.

Source: https://github.com/keras-team/keras/issues/15360 (use TensorArray / map_fn, not list.append)
"""
# category: keras-layer-model
import tensorflow as tf


class WeightedLayer(tf.keras.layers.Layer):
    def __init__(self, n_input, n_memb, **kwargs):
        super().__init__(**kwargs)
        self.n = n_input
        self.m = n_memb

    def _outer(self, sample):
        cp = sample[0, :]
        for d in range(1, self.n):
            cp = tf.reshape(tf.tensordot(cp, sample[d, :], axes=0), [-1])
        return cp

    def call(self, inputs):
        return tf.map_fn(self._outer, inputs)
