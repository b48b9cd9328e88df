"""Elapsed times differ from run to run: not a divergence."""
import time

import tensorflow as tf


@tf.function
def work(x):
    return tf.reduce_sum(x * x)


def main():
    start = time.perf_counter()
    work(tf.ones((10,)))
    print(f"work took {time.perf_counter() - start:.6f} s")
