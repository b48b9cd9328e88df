"""TFG301: different numeric literals at different call sites of the same tf.function."""
import tensorflow as tf


@tf.function
def f(x):
    return x + 1


@tf.function
def layer(x, units, training=False, activation="relu", rate=0.5):
    return x * units


@tf.function
def same_everywhere(x, n):
    return x * n


def g(x):
    return x


first = tf.function(g)
second = tf.function(g)


def main():
    f(1)  # [python-scalar-argument]
    f(2)  # [python-scalar-argument]
    f(x=-3)  # [python-scalar-argument]
    f(tf.constant(4))
    x = tf.ones([2])
    layer(x, 16)  # [python-scalar-argument]
    layer(x, units=32)  # [python-scalar-argument]
    layer(x, 16, training=True)  # [python-scalar-argument]
    layer(x, 16, True, "gelu")  # [python-scalar-argument]
    layer(x, 16, activation="tanh", training=False)  # [python-scalar-argument]
    layer(x, 16, rate=0.5)  # [python-scalar-argument]
    same_everywhere(x, 3)
    same_everywhere(x, n=3)
    same_everywhere(x, 3.0)  # 3 == 3.0: the same key
    first(1)  # each tf.function object has its own traces
    second(2)
    g(3)  # the plain Python function, not the tf.function
    g(4)


class Model:
    @tf.function
    def call(self, x, depth):
        return x * depth

    def run(self, x):
        self.call(x, 1)  # [python-scalar-argument]
        return self.call(x, depth=2)  # [python-scalar-argument]
