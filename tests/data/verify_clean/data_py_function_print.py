"""tf.data with a Python loader in tf.py_function (it runs eagerly in both modes), logging with
print, in parallel and prefetched, read only partly."""
import numpy as np
import tensorflow as tf


def load(index):
    print("loading", int(index))
    return np.float32(index) * 2


def main():
    ds = tf.data.Dataset.range(40).map(lambda i: tf.py_function(load, [i], tf.float32), num_parallel_calls=4)
    ds = ds.prefetch(4)
    return [float(x) for x in ds.take(5)]


if __name__ == "__main__":
    print(main())
