"""Fixed twin of tf26812_variable_in_body.py: the variable is created once, outside.

Source: https://github.com/tensorflow/tensorflow/issues/26812 (RFC "functions, not sessions")
"""
# category: decorated
import tensorflow as tf

bias = tf.Variable(12.0)


@tf.function
def affine():
    weights = tf.constant([[10.0, 10.0], [11.0, 1.0]])
    eye = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    return tf.matmul(weights, eye) + bias


print(affine())
