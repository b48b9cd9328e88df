"""A custom activation with a Python `if` on its tensor raises once Keras traces it.

In the shape of https://github.com/tensorflow/tensorflow/issues/29823: Keras 3 calls the
activation from its own code, which AutoGraph does not convert, so the `if` is not a tf.cond.
"""
# runtime: raises OperatorNotAllowedInGraphError
import numpy as np
import tensorflow as tf


def soft_step(x):
    if tf.reduce_sum(x) > 0:  # [tensor-used-as-python-value]
        return tf.math.log1p(tf.abs(x))
    return -x


def main():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation=soft_step)])
    model.compile(optimizer="sgd", loss="mse")
    model.fit(np.ones((4, 2), dtype="float32"), np.zeros((4, 1), dtype="float32"), verbose=0)
