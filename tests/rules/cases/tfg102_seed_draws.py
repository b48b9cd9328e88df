"""TFG102: a NumPy draw used only as the op-level seed of a stateful TensorFlow random op is a seed,
not data: the op still draws new numbers on every run of the graph (its state advances), so it
stays silent, directly or through a local function that only returns the draw. The twins fire:
a draw seeding a stateless op (the same numbers for the same seed on every call), a draw used as
data beside a seed, and a seed helper one of whose calls is data.
"""
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)


@tf.function
def noisy(x):
    noise = tf.random.uniform(tf.shape(x), seed=rng.integers(2**31))  # a stateful op's seed: silent
    return x + noise


@tf.function
def thresholded(x, prob=0.5):
    def seed():
        return rng.integers(2**31)  # every call of seed() is a stateful op's seed: silent

    low = tf.random.uniform(tf.shape(x), seed=seed())
    keep = tf.random.normal(tf.shape(x), seed=seed())
    return tf.where(keep > prob, x, low)


@tf.function
def stateless_noise(x):
    pair = tf.constant([1, 2])
    jitter = tf.random.stateless_uniform(tf.shape(x), seed=pair + rng.integers(9))  # [python-random-in-graph]
    return x + jitter + tf.random.stateless_normal(tf.shape(x), seed=rng.integers(9, size=2))  # [python-random-in-graph]


@tf.function
def seed_helper_used_as_data(x):
    def seed():
        return rng.integers(2**31)  # [python-random-in-graph]

    noise = tf.random.uniform(tf.shape(x), seed=seed())
    return x * float(seed()) + noise
