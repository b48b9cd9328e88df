"""Fixed twin of jackd_numpy_noise_in_map.py: tf.random.uniform draws per element.

Source: https://jackd.github.io/posts/deterministic-tf-part-2/ (use a TF random op)
"""
# category: dataset-map
import numpy as np
import tensorflow as tf


def map_func(x):
    noise = tf.random.uniform(())
    return tf.cast(x, tf.float32) + noise


ds = tf.data.Dataset.range(5).map(map_func)
