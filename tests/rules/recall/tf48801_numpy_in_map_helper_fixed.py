"""Fixed twin of tf48801_numpy_in_map_helper.py: the NumPy helper is wrapped in tf.py_function.

Source: https://github.com/tensorflow/tensorflow/issues/48801 (the asker's resolution: tf.py_function)
"""
# category: dataset-map
import numpy as np
import tensorflow as tf


def normalise(tensor):
    values = tensor.numpy()
    return (values - np.mean(values)) / (np.std(values) + 1e-6)


ds = tf.data.Dataset.from_tensor_slices(tf.random.uniform([16, 8]))
ds = ds.map(lambda row: tf.py_function(normalise, [row], tf.float32))
