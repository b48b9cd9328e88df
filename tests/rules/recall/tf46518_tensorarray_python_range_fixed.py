"""Fixed twin of tf46518_tensorarray_python_range.py: tf.range and a tensor argument.

Source: https://github.com/tensorflow/tensorflow/issues/46518 (maintainer: use tf.range inside tf.function)
"""
# category: decorated
import tensorflow as tf


@tf.function
def fill(n):
    arr = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        arr = arr.write(i, i)
    return arr.stack()


fill(tf.constant(100000))
