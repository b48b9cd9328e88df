"""A Keras layer built with dynamic=True runs eagerly under tf.keras 2's fit (and Keras 3 refuses
the argument): what would fail while tracing its call is LOW; the same layer without it, or with
dynamic=False, stays reported. In the shape of a conditional neural process's encoder."""
import tensorflow as tf


class Encoder(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__(dynamic=True)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # low: [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, points, -1))


class DeeperEncoder(Encoder):
    def call(self, x):
        batch, points = tf.shape(x)  # low: [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, -1))


class StaticEncoder(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__(dynamic=False)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, points, -1))


class PlainEncoder(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, points, -1))

    @tf.function
    def traced_step(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return batch
