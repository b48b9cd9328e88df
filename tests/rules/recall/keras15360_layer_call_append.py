"""A custom layer building per-sample outer products in a tf.range loop over the batch.

Source: https://github.com/keras-team/keras/issues/15360
Hazard: appending to a Python list inside the tf.range loop of Layer.call fails in graph mode.
"""
# category: keras-layer-model
import tensorflow as tf


class WeightedLayer(tf.keras.layers.Layer):
    def __init__(self, n_input, n_memb, **kwargs):
        super().__init__(**kwargs)
        self.n = n_input
        self.m = n_memb

    def call(self, inputs):
        rows = []
        batch_size = tf.shape(inputs)[0]
        for b in tf.range(batch_size):
            cp = inputs[b, 0, :]
            for d in range(1, self.n):
                cp = tf.reshape(tf.tensordot(cp, inputs[b, d, :], axes=0), [-1])
            rows.append(tf.reshape(cp, (1, self.m ** self.n)))  # [python-list-in-tensor-loop]
        return tf.reshape(tf.stack(rows), (batch_size, self.m ** self.n))
