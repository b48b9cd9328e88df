"""An animate() helper defines two @tf.function closures and is itself called in a loop.

Source: https://github.com/lshug/first-order-model-tf/issues/22
Hazard: each animate() call creates new Functions, so each video retraces both of them; the
Python int start index also retraces slice_driving per value.
"""
# category: factory
import tensorflow as tf


def animate(source, driving, batch_size):
    @tf.function  # [tf-function-in-loop]
    def slice_driving(start):
        return driving[start:start + batch_size]

    @tf.function  # [tf-function-in-loop]
    def next_batch(frames):
        return tf.concat([tf.repeat(source[None], tf.shape(frames)[0], 0), frames], -1)

    return [next_batch(slice_driving(i)) for i in range(0, 8, batch_size)]  # [python-scalar-argument]


for video in range(5):
    animate(tf.zeros([4, 4, 3]), tf.zeros([8, 4, 4, 3]), 2)
