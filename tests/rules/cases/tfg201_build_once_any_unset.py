"""TFG201: a build guarded by an ``or`` of unset tests, which the block (or a method it calls) sets.

``if self.kernel is None or self.att is None: self.build(shape)``, where ``build`` sets both:
after the first trace neither is unset, so the block never runs again and ``build`` makes its
state once (the shape of GATv2Conv's lazy build in its call,
https://github.com/Huvinesh-Rajendran-12/keras-geometric, src/keras_geometric/layers/gatv2_conv.py). Twins: a method that sets only
one of the tested attributes, and an operand that asks something else, may build again.
"""
import tensorflow as tf
from tensorflow import keras


class BothSet(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.kernel = None
        self.att = None

    def build(self, input_shape):
        self.kernel = keras.layers.Dense(4)
        self.att = self.add_weight(shape=(1, 4), name="att")

    def call(self, x):
        if self.kernel is None or self.att is None:
            self.build(x.shape)
        return self.kernel(x) * self.att


class BothSetElse(tf.Module):
    def __init__(self):
        super().__init__()
        self.kernel = None
        self.bias = None

    def make(self):
        self.kernel = tf.Variable(tf.ones((4, 4)))
        self.bias = tf.Variable(tf.zeros((4,)))

    @tf.function
    def __call__(self, x):
        if self.kernel is not None and self.bias is not None:
            pass
        else:
            self.make()
        return x @ self.kernel + self.bias


class SetBeforeEarlyReturn(tf.Module):
    def __init__(self):
        super().__init__()
        self.kernel = None
        self.bias = None

    @tf.function
    def __call__(self, x):
        if not (self.kernel is None or self.bias is None):
            return x @ self.kernel + self.bias
        self.kernel = tf.Variable(tf.ones((4, 4)))
        self.bias = tf.Variable(tf.zeros((4,)))
        return x @ self.kernel + self.bias


class OnlyOneSet(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.kernel = None
        self.att = None

    def build(self, input_shape):
        self.kernel = keras.layers.Dense(4)  # [variable-created-in-graph]

    def call(self, x):
        if self.kernel is None or self.att is None:  # ``att`` stays None: every trace builds again
            self.build(x.shape)
        return self.kernel(x)


class OrSomethingElse(tf.Module):
    def __init__(self, rebuild):
        super().__init__()
        self.kernel = None
        self.rebuild = rebuild

    @tf.function
    def __call__(self, x):
        if self.kernel is None or self.rebuild:
            self.kernel = tf.Variable(tf.ones((4, 4)))  # [variable-created-in-graph]
        return x @ self.kernel
