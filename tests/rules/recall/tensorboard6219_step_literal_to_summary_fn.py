"""A graphs demo writing summaries from tf.functions called with the Python loop step.

Source: https://github.com/tensorflow/tensorboard/issues/6219
Hazard: `step` is a Python int: each new value traces f and g again.
"""
# category: call-site
import tensorflow as tf

writer = tf.summary.create_file_writer("/tmp/graphs_demo")


@tf.function
def f(step):
    tf.summary.scalar("f", tf.cast(step, tf.float32) * 2.0, step=step)


@tf.function
def g(step):
    tf.summary.scalar("g", tf.cast(step, tf.float32) ** 2, step=step)


with writer.as_default():
    for step in range(4):
        f(step)  # [python-scalar-argument]
        g(step)  # [python-scalar-argument]
