"""Calling .numpy() on a sum inside a tf.function to hand back an array.

Source: https://github.com/tensorflow/tensorflow/issues/57195
Hazard: .numpy() on a symbolic tensor raises AttributeError once the function is traced.
"""
# category: decorated
import tensorflow as tf

ones_a = tf.ones([1])
ones_b = tf.ones([1])


@tf.function
def add_as_array(a, b):
    total = a + b
    return total.numpy()  # [eager-only-call-in-graph]


print(add_as_array(ones_a, ones_b))
