"""Fixed twin of tf51453_weight_factory_variable.py: plain Python creates the variables.

Source: https://github.com/tensorflow/tensorflow/issues/51453 (variables are created outside tf.function)
"""
# category: decorated
import tensorflow as tf


def new_weight(shape):
    return tf.Variable(tf.random.truncated_normal(shape))


layers_weights = [new_weight([4, 4]) for _ in range(50)]
