"""Random jitter from NumPy and the random module inside a Dataset.map function.

Source: https://github.com/tensorflow/tensorflow/issues/60848
Hazard: np.random / random are evaluated once while tracing: every element gets the same number.
"""
# category: dataset-map
import random

import numpy as np
import tensorflow as tf


def jitter(x):
    scale = np.random.rand()  # [python-random-in-graph]
    shift = random.random()  # [python-random-in-graph]
    return x * scale + shift


ds = tf.data.Dataset.range(10).map(lambda v: tf.cast(v, tf.float32)).map(jitter)
