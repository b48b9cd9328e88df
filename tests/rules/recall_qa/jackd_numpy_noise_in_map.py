"""Noise augmentation in a Dataset.map function drawn with NumPy.

Source: https://jackd.github.io/posts/deterministic-tf-part-2/
Hazard: the map function is traced once; np.random runs at trace time and every element gets the same noise.
"""
# category: dataset-map
import numpy as np
import tensorflow as tf


def map_func(x):
    noise = np.random.uniform()  # [python-random-in-graph]
    return tf.cast(x, tf.float32) + noise


ds = tf.data.Dataset.range(5).map(map_func)
