"""A tf.function that calls itself with a Python depth counter.

Source: https://github.com/tensorflow/tensorflow/issues/35540
Hazard: recursive tf.function: tracing calls itself and deadlocks.
"""
# category: decorated
import tensorflow as tf


@tf.function(autograph=False)
def descend(depth=0):
    if depth > 1:
        return depth
    return descend(depth + 1)  # [recursive-tf-function]


descend(0)
