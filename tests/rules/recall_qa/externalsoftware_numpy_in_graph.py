"""How to turn a tensor into a NumPy array in graph mode: .numpy() inside a tf.function.

Source: https://external.software/archives/21611
Hazard: graph tensors have no value while tracing, so .numpy() raises AttributeError.
"""
# category: decorated
import tensorflow as tf


@tf.function
def threshold(x):
    values = x.numpy()  # [eager-only-call-in-graph]
    return tf.constant(values > 0.5)
