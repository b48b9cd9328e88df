"""NumPy draws become tf.random ops with the shape, parameters and dtype NumPy would give."""
# fix-runtime: differs in: random values
import numpy as np
import numpy.random as npr
import tensorflow as tf


@tf.function
def arrays():
    a = np.random.normal(0.0, 2.0, size=(3, 4))
    b = npr.uniform(low=-1.0, high=1.0, size=5)
    return tf.constant(a), tf.convert_to_tensor(b)


@tf.function
def explicit_dtypes(x):
    noise = np.random.normal(size=[2, 2]).astype(np.float32)
    scale = tf.cast(np.random.uniform(size=(2,)), tf.float16)
    value = tf.constant(np.random.randn(2, 2), dtype=tf.float32)
    single = tf.constant(np.random.rand())
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
