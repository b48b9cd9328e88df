"""Fixed twin of tf29823_custom_activation_if.py: element-wise tf.where.

Source: https://github.com/tensorflow/tensorflow/issues/29823 (use tensor ops, e.g. tf.where / tf.cond)
"""
# category: keras-callable
import tensorflow as tf


def soft_step(x):
    return tf.where(x > 0, tf.math.log1p(tf.abs(x)), -tf.math.log1p(tf.abs(x)))


model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation=soft_step)])
