"""A print in a tf.function called once, with a constant message: flagged, but nothing differs."""
import tensorflow as tf


@tf.function
def once(x):
    print("building once")
    return x + 1


def main():
    return once(tf.constant(1)).numpy().item()
