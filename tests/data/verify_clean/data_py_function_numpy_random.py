"""The fix for NumPy randomness in a map function: the draw in tf.numpy_function, run in
parallel and prefetched; graph mode may draw more often than the loop consumes."""
import numpy as np
import tensorflow as tf


def jitter(x):
    return np.float32(x + np.random.uniform(-0.1, 0.1))


def main():
    ds = tf.data.Dataset.range(30).map(lambda i: tf.cast(i, tf.float32))
    ds = ds.map(lambda x: tf.numpy_function(jitter, [x], tf.float32), num_parallel_calls=4).prefetch(4)
    return len([float(v) for v in ds.take(6)])


if __name__ == "__main__":
    print(main())
