"""tf.function(...) called in a loop: a new Function object, and a new trace, every time."""
import tensorflow as tf


def add_one(x):
    return x + 1


def main():
    total = tf.constant(0)
    for _ in range(4):
        step = tf.function(add_one)
        total = step(total)
    return total.numpy().item()
