"""A list comprehension over tf.range inside a tf.function (iterating over tf.Tensor is not allowed).

Source: https://openillumi.com/en/en-tf-autograph-list-comp-fix
Hazard: the comprehension iterates a tensor in Python; AutoGraph does not convert comprehensions.
"""
# category: decorated
import tensorflow as tf


@tf.function
def center(patches):
    n = tf.shape(patches)[0]
    rows = [patches[i] - tf.reduce_mean(patches[i]) for i in tf.range(n)]  # [tensor-used-as-python-value]
    return tf.stack(rows)
