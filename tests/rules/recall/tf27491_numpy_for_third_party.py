"""Handing tensor values to a non-TensorFlow neighbour-list routine with .numpy() in a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/27491
Hazard: positions.numpy() inside tf.function fails on the symbolic tensor.
"""
# category: decorated
import numpy as np
import tensorflow as tf


def pairs_within(points, cutoff):
    d = np.linalg.norm(points[:, None] - points[None, :], axis=-1)
    i, j = np.nonzero((d < cutoff) & (d > 0))
    return i, j


@tf.function
def neighbour_list(positions):
    i, j = pairs_within(positions.numpy(), 5.0)  # [eager-only-call-in-graph]
    return tf.constant(i), tf.constant(j)


neighbour_list(tf.Variable(tf.random.uniform([4, 3])))
