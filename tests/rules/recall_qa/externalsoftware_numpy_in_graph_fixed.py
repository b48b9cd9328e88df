"""Fixed twin of externalsoftware_numpy_in_graph.py: compute with tensor ops (or tf.numpy_function for real NumPy code).

Source: https://external.software/archives/21611 (stay in tensor ops)
"""
# category: decorated
import tensorflow as tf


@tf.function
def threshold(x):
    return x > 0.5
