"""A decorated helper meant to hand out a fresh weight variable on each of ~50 calls.

Source: https://github.com/tensorflow/tensorflow/issues/51453
Hazard: every call creates a tf.Variable inside tf.function (and the returned value is a tensor).
"""
# category: decorated
import tensorflow as tf


@tf.function
def new_weight(shape):
    w = tf.Variable(tf.random.truncated_normal(shape))  # [variable-created-in-graph]
    return w


layers_weights = [new_weight([4, 4]) for _ in range(50)]
