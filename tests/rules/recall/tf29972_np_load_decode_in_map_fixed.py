"""Fixed twin of tf29972_np_load_decode_in_map.py: np.load runs in tf.numpy_function.

Source: https://github.com/tensorflow/tensorflow/issues/29972 (wrap the NumPy loader in tf.numpy_function)
"""
# category: dataset-map
import numpy as np
import tensorflow as tf


def _load_series(name):
    return np.load(name.decode()).astype(np.float32)


def load_pair(image_file, series_file):
    image = tf.image.decode_jpeg(tf.io.read_file(image_file))
    series = tf.numpy_function(_load_series, [series_file], tf.float32)
    return tf.cast(image, tf.float32), series


pairs = tf.data.Dataset.from_tensor_slices((["data.jpg"], ["data.npy"]))
pairs = pairs.map(load_pair)
