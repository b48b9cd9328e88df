"""Fixed twin of tensorboard6219_step_literal_to_summary_fn.py: the step goes in as an int64 tensor.

Source: https://github.com/tensorflow/tensorboard/pull/6220 (the merged fix: pass tensors)
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
        f(tf.constant(step, tf.int64))
        g(tf.constant(step, tf.int64))
