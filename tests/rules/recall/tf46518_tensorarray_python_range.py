"""Filling a TensorArray from a Python range of 100000 inside a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/46518
Hazard: the range loop is unrolled into 100000 writes; the first call takes very long.
"""
# category: decorated
import tensorflow as tf


@tf.function
def fill(n):
    arr = tf.TensorArray(tf.int32, size=n)
    for i in range(n):  # [python-range-loop]
        arr = arr.write(i, i)
    return arr.stack()


fill(100000)
