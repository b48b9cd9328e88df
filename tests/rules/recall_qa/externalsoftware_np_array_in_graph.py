"""Converting a graph tensor with np.array() inside a tf.function.

Source: https://external.software/archives/21611
Hazard: NumPy cannot turn a symbolic tensor into an array: it raises while tracing.
"""
# category: decorated
import numpy as np
import tensorflow as tf


@tf.function
def normalise(x):
    arr = np.array(x)  # todo: [eager-only-call-in-graph]
    return tf.constant(arr / arr.max())
