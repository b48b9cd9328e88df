"""A Python counter incremented in a tf.function counts traces, not calls."""
import tensorflow as tf

calls = 0


@tf.function
def counted(x):
    global calls
    calls += 1
    return x


def main():
    for value in (1.0, 2.0, 3.0):
        counted(tf.constant(value))
    return calls
