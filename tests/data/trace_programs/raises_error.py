"""Retraces once, then fails: the report still shows what was recorded; the exit status is 1."""
import tensorflow as tf


@tf.function
def scale(x, factor):
    return x * factor


scale(tf.ones(2), 2.0)
scale(tf.ones(2), 3.0)  # retrace: scale python-value factor
raise RuntimeError("the program failed after two traces")
