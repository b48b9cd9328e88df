"""Eager vs graph: passing the Python step counter into a tf.function.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1
Hazard: each new Python int is a new trace: the function retraces on every step.
"""
# category: call-site
import tensorflow as tf


@tf.function
def log_step(x, step):
    return x * tf.cast(step, tf.float32)


for step in range(1000):
    log_step(tf.ones([2]), step)  # [python-scalar-argument]
