"""Fixed twin of ahjavid_python_list_features.py: rows converted to tensors before the call.

Source: https://ahjavid.github.io/technical-notes-blog/posts/tensorflow-retracing-optimization (convert inputs to tensors)
"""
# category: call-site
import tensorflow as tf


@tf.function
def score(features):
    return tf.reduce_sum(tf.constant([0.5, 0.25, 0.25]) * features)


incoming = [[1.0, 2.0, 3.0], [0.0, 1.0, 0.5], [2.0, 2.0, 2.0]]
for row in incoming:
    score(tf.constant(row))
