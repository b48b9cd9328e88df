"""Fixed twin of tf32546_comprehension_condition.py: an element-wise tf.where.

Source: https://github.com/tensorflow/tensorflow/issues/32546 (vectorise instead of a comprehension)
"""
# category: decorated
import tensorflow as tf


@tf.function
def square_if_positive(x):
    return tf.where(x > 0, x ** 2, x)


square_if_positive(tf.range(-5, 5))
