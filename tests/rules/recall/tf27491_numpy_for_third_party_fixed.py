"""Fixed twin of tf27491_numpy_for_third_party.py: the NumPy part runs in tf.py_function.

Source: https://github.com/tensorflow/tensorflow/issues/27491 (the asker's own resolution)
"""
# category: decorated
import numpy as np
import tensorflow as tf


def pairs_within(points, cutoff=5.0):
    d = np.linalg.norm(points[:, None] - points[None, :], axis=-1)
    i, j = np.nonzero((d < cutoff) & (d > 0))
    return i, j


@tf.function
def neighbour_list(positions):
    i, j = tf.py_function(pairs_within, inp=[positions], Tout=[tf.int64, tf.int64])
    return i, j


neighbour_list(tf.Variable(tf.random.uniform([4, 3])))
