"""A radix-2 FFT written as a tf.function that recurses on halves through tf.cond.

Source: https://github.com/tensorflow/tensorflow/issues/45279
Hazard: tf.function recursion is not supported; tracing recurses into both tf.cond branches.
"""
# category: decorated
import tensorflow as tf

LEAF = tf.eye(4)


def _leaf(x):
    return tf.matmul(x, LEAF)


@tf.function
def fft0(x):
    n = tf.shape(x)[-1]
    return tf.cond(n <= 4, lambda: _leaf(x),
                   lambda: tf.concat([fft0(x[..., ::2]), fft0(x[..., 1::2])], -1))  # [recursive-tf-function]
