"""Retracing in production: feature vectors passed to a tf.function as Python lists.

Source: https://ahjavid.github.io/technical-notes-blog/posts/tensorflow-retracing-optimization
Hazard: a Python list argument is traced by value: each new list makes a new graph.
"""
# category: call-site
import tensorflow as tf


@tf.function
def score(features):
    return tf.reduce_sum(tf.constant([0.5, 0.25, 0.25]) * features)


incoming = [[1.0, 2.0, 3.0], [0.0, 1.0, 0.5], [2.0, 2.0, 2.0]]
for row in incoming:
    score(row)  # [python-collection-argument]
