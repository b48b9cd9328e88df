"""K.zeros() shaped by the batch read at run time: the first trace raises TypeError.

In the shape of https://github.com/tensorflow/tensorflow/issues/38583 (a padding helper builds
``K.zeros`` from ``tf.shape``): the Keras backend builds a variable's value under tf.init_scope,
outside the graph that holds the shape tensor, so eagerly it works and traced it raises.
"""
# runtime: raises TypeError
import tensorflow as tf
from tensorflow.keras import backend as K


def pad(x):
    batch = K.shape(x)[0]
    return tf.concat([x, K.zeros((batch, 1))], axis=1)  # [variable-created-in-graph]


@tf.function
def padded(x):
    return pad(x)


def main():
    return [padded(tf.ones((n, 2))).numpy().tolist() for n in (1, 2)]
