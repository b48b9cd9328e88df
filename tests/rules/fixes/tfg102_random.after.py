"""NumPy draws become tf.random ops with the shape, parameters and dtype NumPy would give."""
# fix-runtime: differs in: random values
import numpy as np
import numpy.random as npr
import tensorflow as tf


@tf.function
def arrays():
    a = tf.random.normal((3, 4), mean=0.0, stddev=2.0, dtype=tf.float64)
    b = tf.random.uniform((5,), minval=-1.0, maxval=1.0, dtype=tf.float64)
    return a, tf.convert_to_tensor(b)


@tf.function
def explicit_dtypes(x):
    noise = tf.random.normal([2, 2], dtype=tf.float32)
    scale = tf.cast(tf.random.uniform((2,), dtype=tf.float16), tf.float16)
    value = tf.random.normal((2, 2), dtype=tf.float32)
    single = tf.random.uniform(())
    return x + noise, scale, value, single


@tf.function
def left_alone(x, n):
    mixed = x + np.random.normal(size=(3,))  # converted to x's dtype: not known here
    sized = np.random.normal(size=n)  # n may be an int or a tuple
    rng = np.random.default_rng()
    drawn = rng.normal(size=3)  # a generator: not a numpy.random function
    return mixed, sized, drawn


def main():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    return [arrays(), explicit_dtypes(x), left_alone(tf.constant([1.0, 2.0, 3.0], tf.float64), 3)]
