"""Fixed twin of tf60848_random_in_map.py: TF random ops run per element.

Source: https://github.com/tensorflow/tensorflow/issues/60848 (maintainer: use TF ops or tf.py_function)
"""
# category: dataset-map
import tensorflow as tf


def jitter(x):
    scale = tf.random.uniform([])
    shift = tf.random.uniform([])
    return x * scale + shift


ds = tf.data.Dataset.range(10).map(lambda v: tf.cast(v, tf.float32)).map(jitter)
