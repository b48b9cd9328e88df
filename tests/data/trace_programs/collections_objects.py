"""Lists, dicts and plain objects as arguments: keyed by structure, by value, by identity."""
import tensorflow as tf


class Config:
    def __init__(self, scale):
        self.scale = scale


@tf.function
def weighted(x, weights):
    total = 0.0
    for w in weights:
        total += x * w
    return total


@tf.function
def with_options(x, options):
    return x * options["scale"]


@tf.function
def configured(x, config):
    return x * config.scale


x = tf.ones((3,))
weighted(x, [1.0, 2.0, 3.0])
weighted(x, [1.0, 2.0, 3.0, 4.0])  # retrace: weighted python-collection weights
weighted(x, [1.0, 2.0, 3.0, 5.0])  # retrace: weighted python-collection weights[3]
with_options(x, {"scale": 2.0})
with_options(x, {"scale": 2.0, "shift": 1.0})  # retrace: with_options python-collection options

shared = Config(2.0)
configured(x, shared)
configured(x, shared)
configured(x, Config(2.0))  # retrace: configured new-object config
