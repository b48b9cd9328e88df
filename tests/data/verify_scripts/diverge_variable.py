"""A tf.Variable created on every call: graph mode refuses it on the second trace."""
import tensorflow as tf


@tf.function
def scaled(x):
    scale = tf.Variable(2.0)
    return x * scale


def main():
    return scaled(tf.constant(3.0)).numpy().item()
