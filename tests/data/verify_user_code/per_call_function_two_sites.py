"""A function that makes and calls its own tf.function, called at two places in eager code: each
call builds a fresh Function and traces it again (item 4).

In the shape of sampler code: ``log_prob`` is evaluated for the current and the proposed state
of each step, and every evaluation wraps a new ``@tf.function``.
"""
# runtime: retraces density >= 4
import tensorflow as tf


def log_prob(x):
    @tf.function  # [tf-function-in-loop]
    def density(y):
        return -0.5 * y * y
    return density(x)


def step(x):
    current = log_prob(x)
    proposed = log_prob(x + 0.5)
    return float(proposed - current)


def main():
    return [step(tf.constant(1.0)), step(tf.constant(2.0))]
