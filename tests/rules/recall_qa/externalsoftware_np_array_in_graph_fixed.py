"""Fixed twin of externalsoftware_np_array_in_graph.py: the same computation with tensor ops.

Source: https://external.software/archives/21611 (use TensorFlow ops in graph mode)
"""
# category: decorated
import numpy as np
import tensorflow as tf


@tf.function
def normalise(x):
    return x / tf.reduce_max(x)
