"""Fixed twin of tf45279_recursive_fft_cond.py: recursion on the static size, in Python.

Source: https://github.com/tensorflow/tensorflow/issues/45279 (maintainer: tf.function does not support recursion)
"""
# category: decorated
import tensorflow as tf

LEAF = tf.eye(4)


def fft_py(x):
    if x.shape[-1] <= 4:
        return tf.matmul(x, LEAF)
    return tf.concat([fft_py(x[..., ::2]), fft_py(x[..., 1::2])], -1)


@tf.function
def fft0(x):
    return fft_py(x)
