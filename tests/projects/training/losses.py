import tensorflow as tf


def make_weights():
    return tf.Variable(1.0)  # [variable-created-in-graph]
