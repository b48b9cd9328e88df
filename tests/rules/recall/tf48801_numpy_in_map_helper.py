"""A lambda in Dataset.map hands each element to a helper that calls tensor.numpy().

Source: https://github.com/tensorflow/tensorflow/issues/48801
Hazard: the helper runs traced through the map lambda: .numpy() fails on the symbolic tensor.
"""
# category: dataset-map
import numpy as np
import tensorflow as tf


def normalise(tensor):
    values = tensor.numpy()  # [eager-only-call-in-graph]
    return (values - np.mean(values)) / (np.std(values) + 1e-6)


ds = tf.data.Dataset.from_tensor_slices(tf.random.uniform([16, 8]))
ds = ds.map(lambda row: normalise(row))
