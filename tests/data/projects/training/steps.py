import tensorflow as tf


@tf.function
def scale_step(x, lr):
    return x * lr


@tf.function(input_signature=[tf.TensorSpec([3]), tf.TensorSpec([])])
def fixed_step(x, lr):
    return x * lr
