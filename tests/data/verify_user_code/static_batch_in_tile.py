"""x.shape[0] as a tf.tile multiple in a tf.function whose signature leaves the batch unknown.

In the shape of https://github.com/secondmind-labs/trieste/pull/691: the static batch entry is
None while tracing, so building the multiples raises TypeError; eagerly it is the batch size.
"""
# runtime: raises TypeError
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def repeat_noise(x):
    noise = tf.ones([1, 3])
    return x + tf.tile(noise, [x.shape[0], 1])  # [unknown-static-dimension]


def main():
    return repeat_noise(tf.ones([4, 3])).numpy().tolist()
