"""A bias tf.Variable declared in the body of a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/26812
Hazard: tf.Variable created in the function body: "tried to create variables on non-first call".
"""
# category: decorated
import tensorflow as tf


@tf.function
def affine():
    weights = tf.constant([[10.0, 10.0], [11.0, 1.0]])
    eye = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    bias = tf.Variable(12.0)  # [variable-created-in-graph]
    return tf.matmul(weights, eye) + bias


print(affine())
