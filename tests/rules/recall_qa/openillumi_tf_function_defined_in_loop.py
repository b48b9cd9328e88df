"""Retracing warning: a @tf.function defined inside the inference loop.

Source: https://openillumi.com/en/en-fix-tf-function-retracing-warning
Hazard: each iteration defines a fresh Function, so every call traces again.
"""
# category: factory
import tensorflow as tf


model = tf.keras.Sequential([tf.keras.layers.Dense(2)])

for batch in [tf.zeros([1, 3]), tf.ones([1, 3])]:
    @tf.function  # [tf-function-in-loop]
    def infer(x):
        return model(x, training=False)

    infer(batch)
