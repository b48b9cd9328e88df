"""Porting TF1 code: a tf.Variable declared inside the function that tf.function converts.

Source: https://pgaleone.eu/tensorflow/tf.function/2019/03/21/dissecting-tf-function-part-1/
Hazard: the body builds a tf.Variable on every trace; tf.function raises ValueError on a non-first call.
"""
# category: decorated
import tensorflow as tf


@tf.function
def linear(x):
    w = tf.Variable([[1.0, 0.0], [0.0, 1.0]])  # [variable-created-in-graph]
    b = tf.Variable(12.0)  # [variable-created-in-graph]
    return tf.matmul(x, w) + b
