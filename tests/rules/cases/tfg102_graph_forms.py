"""TFG102 across graph-code forms: Dataset.map (the classic bug), helpers, Keras; and the exclusions."""
import random

import numpy as np
import tensorflow as tf


def add_noise(x):
    return tf.cast(x, tf.float64) + np.random.normal()  # [python-random-in-graph]


noisy = tf.data.Dataset.range(8).map(add_noise)
jittered = tf.data.Dataset.range(8).map(lambda x: x + np.random.randint(0, 3))  # [python-random-in-graph]


def random_flip(image):
    if random.random() < 0.5:  # [python-random-in-graph]
        return tf.image.flip_left_right(image)
    return image


images = tf.data.Dataset.from_tensor_slices(tf.zeros((4, 8, 8, 3))).map(random_flip)


def helper():
    return np.random.rand()  # [python-random-in-graph]


@tf.function
def caller(x):
    return x + helper()


def numpy_noise(x):
    return x + np.random.normal(size=x.shape)  # runs as Python on every call


@tf.function
def with_numpy_function(x):
    return tf.numpy_function(numpy_noise, [x], tf.float64)


@tf.function
def with_py_function(x):
    return tf.py_function(lambda t: t + random.random(), [x], tf.float32)


@tf.function
def under_init_scope(x):
    with tf.init_scope():
        offset = np.random.randn()  # [python-random-in-graph]
    return x + offset


class NoisyLayer(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs + np.random.normal()  # [python-random-in-graph]


class LazyWeights:
    """A draw that only sets an initial value happens once in eager mode too."""

    def __init__(self):
        self.w = None
        self.offset = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(np.random.randn(3, 3))
        if self.offset is None:
            self.offset = np.random.uniform()
        return tf.matmul(x, self.w) + self.offset


@tf.function
def variable_initial_value(x):
    v = tf.Variable(np.random.randn(3))  # [variable-created-in-graph]
    return x + v


def outside_graph_code():
    return np.random.randn(3)
