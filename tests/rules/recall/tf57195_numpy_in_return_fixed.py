"""Fixed twin of tf57195_numpy_in_return.py: return the tensor, convert after the call.

Source: https://github.com/tensorflow/tensorflow/issues/57195 (first answer)
"""
# category: decorated
import tensorflow as tf

ones_a = tf.ones([1])
ones_b = tf.ones([1])


@tf.function
def add(a, b):
    return a + b


print(add(ones_a, ones_b).numpy())
