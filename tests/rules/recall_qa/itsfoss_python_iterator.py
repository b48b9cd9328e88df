"""Pulling batches from a Python iterator inside a tf.function.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
Hazard: next() on a Python iterator runs once at trace time: every call sees the same first batch.
"""
# category: decorated
import tensorflow as tf

batches = iter([tf.constant([1.0]), tf.constant([2.0]), tf.constant([3.0])])


@tf.function
def consume():
    batch = next(batches)  # [python-iterator-in-graph]
    return batch * 2.0
