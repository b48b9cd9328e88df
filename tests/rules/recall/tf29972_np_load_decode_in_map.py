"""Loading a paired .npy time series with np.load(filename.decode()) inside Dataset.map.

Source: https://github.com/tensorflow/tensorflow/issues/29972
Hazard: the filename is a symbolic string tensor: .decode() and np.load cannot run on it.
"""
# category: dataset-map
import numpy as np
import tensorflow as tf


def load_pair(image_file, series_file):
    image = tf.image.decode_jpeg(tf.io.read_file(image_file))
    series = np.load(series_file.decode())  # [eager-only-call-in-graph]
    return tf.cast(image, tf.float32), tf.convert_to_tensor(series, tf.float32)


pairs = tf.data.Dataset.from_tensor_slices((["data.jpg"], ["data.npy"]))
pairs = pairs.map(load_pair)
