"""print() inside a tf.function runs once, while tracing."""
import tensorflow as tf


@tf.function
def double(x):
    print("doubling")
    return x * 2


def main():
    return [double(tf.constant(float(i))).numpy().item() for i in range(3)]
