"""Feeding a tf.function a dict of Python lists whose lengths vary from request to request.

Source: https://www.ancisoft.com/blog/use-dictionary-in-tf-function-input-signature-in-tensorflow-2-0/
Hazard: Python lists inside the argument are part of the trace key: every new content retraces.
"""
# category: call-site
import tensorflow as tf


@tf.function
def embed(features):
    return tf.reduce_sum(tf.cast(features["ids"], tf.float32))


requests = [[1, 2, 3], [4, 5], [6]]
for ids in requests:
    embed({"ids": ids})  # [python-collection-argument]
