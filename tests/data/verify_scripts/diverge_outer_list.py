"""Appending to a module-level list from a tf.function leaks one symbolic tensor."""
import tensorflow as tf

seen = []


@tf.function
def remember(x):
    seen.append(x)
    return x


def main():
    for value in (1.0, 2.0, 3.0):
        remember(tf.constant(value))
