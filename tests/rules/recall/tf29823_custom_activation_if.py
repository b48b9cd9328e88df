"""A piecewise custom activation with a Python `if` on the tensor, used in a Dense layer.

Source: https://github.com/tensorflow/tensorflow/issues/29823
Hazard: `if x > 0:` on a symbolic tensor: "Using a tf.Tensor as a Python bool is not allowed".
"""
# category: keras-callable
import tensorflow as tf


def soft_step(x):
    if x > 0:  # [tensor-used-as-python-value]
        return tf.math.log1p(x)
    return -tf.math.log1p(-x)


model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation=soft_step)])
