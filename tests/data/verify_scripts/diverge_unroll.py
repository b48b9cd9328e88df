"""range() over a Python int in a tf.function: the loop body is copied 20 times into the graph."""
import tensorflow as tf


@tf.function
def polynomial(x):
    y = tf.zeros_like(x)
    for power in range(20):
        y = y + x ** power
    return y


def main():
    return polynomial(tf.constant(2.0)).numpy().item()
