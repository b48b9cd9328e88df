"""K.zeros() in a helper of a traced call() makes a tf.Variable on every trace.

In the shape of https://github.com/tensorflow/tensorflow/issues/38583: the Keras backend's
K.zeros/K.ones/K.variable create variables, which a tf.function refuses after its first trace.
"""
# runtime: raises ValueError
import tensorflow as tf
from tensorflow.keras import backend as K


def pad(x):
    return tf.concat([x, K.zeros((1,))], axis=0)  # [variable-created-in-graph]


@tf.function
def padded(x):
    return pad(x)


def main():
    return [padded(tf.ones((n,))).numpy().tolist() for n in (1, 2, 3)]
