import keras
import tensorflow as tf

from gnn import ops


class MessagePassing(keras.layers.Layer):
    # Keras 3 runs call without AutoGraph, and so what it calls in another file.
    def call(self, inputs):
        x, indices = inputs
        x = ops.transpose_batch(x)
        summed = ops.scatter_sum(x, indices, 4)
        return summed + ops.scatter_max(x, indices, 4)


@tf.function
def converted_step(x):
    return ops.converted_rank(x)
