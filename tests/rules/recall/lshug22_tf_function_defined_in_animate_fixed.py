"""Fixed twin of lshug22_tf_function_defined_in_animate.py: module-level Functions with arguments.

Source: https://github.com/lshug/first-order-model-tf/issues/22 (define tf.functions outside, pass values)
"""
# category: factory
import tensorflow as tf


@tf.function
def next_batch(source, frames):
    return tf.concat([tf.repeat(source[None], tf.shape(frames)[0], 0), frames], -1)


def animate(source, driving, batch_size):
    return [next_batch(source, driving[i:i + batch_size]) for i in range(0, 8, batch_size)]


for video in range(5):
    animate(tf.zeros([4, 4, 3]), tf.zeros([8, 4, 4, 3]), 2)
