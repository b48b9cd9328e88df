"""The seed articles' own examples (shared/seeds), hazards and their corrected versions.

001: np_random vs tf_random, outer_var vs inner_var, append_tensor on an outer list;
000/001: tf.range instead of range; 002/003: f() creating tf.Variable(12.), the class F fix,
and f(x) called with Python ints ("the graph is being recreated at every invocation").
"""
import numpy as np
import tensorflow as tf


@tf.function
def np_random():
    a = np.random.randn(3, 3)  # [python-random-in-graph]
    tf.print(a)


@tf.function
def tf_random():
    a = tf.random.normal((3, 3))
    tf.print(a)


x = tf.Variable(1.0, dtype=tf.float32)


@tf.function
def outer_var():
    x.assign_add(1.0)
    tf.print(x)
    return x


@tf.function
def inner_var():
    x = tf.Variable(1.0, dtype=tf.float32)  # [variable-created-in-graph]
    x.assign_add(1.0)
    tf.print(x)
    return x


tensor_list = []


@tf.function
def append_tensor(x):
    tensor_list.append(x)  # [outer-collection-mutation]
    return tensor_list


@tf.function
def f():
    a = tf.constant([[10, 10], [11., 1.]])
    x = tf.constant([[1., 0.], [0., 1.]])
    b = tf.Variable(12.)  # [variable-created-in-graph]
    y = tf.matmul(a, x) + b
    print("PRINT: ", y)  # [python-print-in-graph]
    tf.print("TF-PRINT: ", y)
    return y


class F:
    def __init__(self):
        self._b = None

    @tf.function
    def __call__(self):
        a = tf.constant([[10, 10], [11., 1.]])
        x = tf.constant([[1., 0.], [0., 1.]])
        if self._b is None:
            self._b = tf.Variable(12.)
        y = tf.matmul(a, x) + self._b
        tf.print("TF-PRINT: ", y)
        return y


@tf.function
def g(x):
    print("Python execution: ", x)  # [python-print-in-graph]
    tf.print("Graph execution: ", x)
    return x


@tf.function
def python_range_sum():
    s = tf.constant(0)
    for i in range(100):  # [python-range-loop]
        s += i
    return s


@tf.function
def tf_range_sum():
    s = tf.constant(0)
    for i in tf.range(100):
        s += i
    return s


def printinfo(x):
    print("Type: ", type(x), " value: ", x)


a = 1
printinfo(a)
g(a)  # [python-scalar-argument]
b = 2
printinfo(b)
g(b)  # [python-scalar-argument]
g(tf.constant(1, dtype=tf.float32))
g(tf.constant(1.1, dtype=tf.float32))
