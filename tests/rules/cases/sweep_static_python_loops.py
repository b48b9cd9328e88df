"""Sweep of TensorFlow Probability 0.25.0: Python loops and lists in graph code that are correct
and must stay silent (no finding from TFG104 or TFG303 on TFP; these are the shapes seen there).

- Lists built, appended to and consumed inside the traced function or builder body: local state,
  fresh on every trace (tfp mcmc/internal/leapfrog_integrator.py, distributions/pixel_cnn.py,
  internal/variadic_reduce.py).
- range() over a Python int that comes from a static shape or a parameter, unrolled on purpose
  (pixel_cnn.py, experimental/distributions/marginal_fns.py); a tiny reversed(range(5)).
"""
import numpy as np
import tensorflow as tf


@tf.function(autograph=False)
def leapfrog(state_parts, step_sizes, velocity_parts):
    next_state_parts = []
    for state, step_size, velocity in zip(state_parts, step_sizes, velocity_parts):
        next_state_parts.append(state + step_size * velocity)
    return next_state_parts


def pixel_sample(locs, num_channels, seed):
    def sample_channels(i, samples):
        channel_samples = []
        for c in range(num_channels):
            loc = locs[c]
            for previous in channel_samples:
                loc += previous
            channel_samples.append(tf.random.stateless_normal(tf.shape(loc), seed=seed) + loc)
        return i + 1, tf.concat(channel_samples, axis=-1)

    return tf.while_loop(lambda i, _: i < 3, sample_channels, (0, locs[0]))


def variadic_reduce(t, init, reducer):
    def body(i, acc):
        lhs, rhs = [], []
        for x, y in zip(t, init):
            lhs.append(x[i])
            rhs.append(y)
        return i + 1, reducer(lhs, rhs)

    return tf.while_loop(lambda i, _: i < tf.shape(t[0])[0], body, (0, init))


def marginal(fn, x, unroll=4):
    @tf.function
    def unrolled(x):
        for _ in range(unroll):
            x = fn(x)
        return x

    return unrolled(x)


@tf.function
def polynomial(x):
    coefficients = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    result = tf.zeros_like(x)
    for k in reversed(range(5)):
        result = result * x + coefficients[k]
    return result
