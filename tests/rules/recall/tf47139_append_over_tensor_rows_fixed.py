"""Fixed twin of tf47139_append_over_tensor_rows.py: one vectorised similarity matrix.

Source: https://github.com/tensorflow/tensorflow/issues/47139 (compute all pairs with tensor ops)
"""
# category: decorated
import tensorflow as tf


@tf.function
def pairwise_scores():
    a = tf.math.l2_normalize(tf.constant([[1.0, 1.0, 1.0], [1.0, 3.0, 1.0]]), axis=1)
    b = tf.math.l2_normalize(tf.constant([[1.0, 1.0, 1.0]]), axis=1)
    return tf.matmul(b, a, transpose_b=True)
