"""np.random inside a tf.function is drawn once and frozen into the graph."""
import numpy as np
import tensorflow as tf


@tf.function
def noise():
    return tf.constant(np.random.uniform())


def main():
    return [noise() for _ in range(3)]
