"""The helpers of ../helper_hazards/helpers.py made graph-safe: TensorFlow ops run on every call."""
import tensorflow as tf


def log_step(step):
    tf.print("step", step)


def jitter(x, step):
    # A stateless draw seeded by the step: a new value per step, the same in graph and eager mode.
    return x + tf.random.stateless_normal([], seed=tf.stack([7, step]))
