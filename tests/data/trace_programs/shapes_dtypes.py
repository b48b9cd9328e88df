"""Tensor arguments retrace on a new shape or dtype; reduce_retracing generalises the shape."""
import tensorflow as tf


@tf.function
def normalise(batch):
    return batch / tf.reduce_max(batch)


@tf.function(reduce_retracing=True)
def relaxed(batch):
    return batch * 2.0


normalise(tf.ones((32, 10)))
normalise(tf.ones((32, 10)))
normalise(tf.ones((17, 10)))  # retrace: normalise shape batch
normalise(tf.ones((17, 10), dtype=tf.float64))  # retrace: normalise dtype batch

relaxed(tf.ones((32, 10)))
relaxed(tf.ones((17, 10)))  # retrace: relaxed shape batch
relaxed(tf.ones((5, 10)))  # (None, 10) now covers it: no retrace
