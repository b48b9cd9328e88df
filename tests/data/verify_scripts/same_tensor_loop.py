"""Tensors of one dtype and shape passed in a loop share one trace; tf.range is not unrolled."""
import tensorflow as tf


@tf.function
def running_sum(x, n):
    total = tf.zeros_like(x)
    for i in tf.range(n):
        total += x * tf.cast(i, x.dtype)
    return total


def main():
    return [running_sum(tf.constant(float(k)), tf.constant(k)).numpy().item() for k in range(6)]
