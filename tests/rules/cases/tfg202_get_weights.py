"""``get_weights()`` in graph code: Keras copies each variable out with ``.numpy()``, which a
trace cannot do. Silent: a class of the module that writes its own ``get_weights``, a receiver
built as something else, ``self`` of a class with no Keras base, and ``.weights`` (the variables)."""
import numpy as np
import tensorflow as tf


class SampledSoftmaxLoss(tf.keras.losses.Loss):
    def __init__(self, decoder=None):
        super().__init__()
        self.decoder = decoder  # handed in by another file: of unknown kind here

    def call(self, y_true, y_pred):
        kernel = self.decoder.get_weights()[0]  # [eager-only-call-in-graph]
        bias = self.decoder.weights[1]
        return tf.reduce_sum(y_pred * kernel) + tf.reduce_sum(bias) + tf.reduce_sum(y_true)


class Tied(tf.keras.layers.Layer):
    def call(self, x):
        snapshot = self.get_weights()  # [eager-only-call-in-graph]
        return x + len(snapshot)


dense = tf.keras.layers.Dense(3)


@tf.function
def step(x):
    first = dense.get_weights()[0]  # [eager-only-call-in-graph]
    return tf.matmul(x, first)


class Store:
    def __init__(self):
        self.arrays = [np.zeros(3)]

    def get_weights(self):
        return self.arrays


class Agent:
    def __init__(self):
        self.store = Store()

    def get_weights(self):
        return [1.0]

    @tf.function
    def act(self, x):
        own = self.get_weights()  # the class's own method
        kept = self.store.get_weights()  # built as a class of the module with its own get_weights
        return x + own[0] + len(kept)


arrays = np.ones(3)


@tf.function
def uses_variables(x):
    return x + dense.weights[0] + len(dense.trainable_weights) + arrays.sum()


def eager(model):
    return model.get_weights()  # not graph code
