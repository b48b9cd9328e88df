"""A print in a tf.function called once: graph mode prints the symbolic tensor while tracing."""
import tensorflow as tf


@tf.function
def step(x):
    print("step", x)  # [python-print-in-graph]
    return x * 2


step(tf.constant(1.0))
