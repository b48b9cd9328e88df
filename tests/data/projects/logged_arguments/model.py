import tensorflow as tf

import ops
from ops import Normalizer


class Block(tf.keras.layers.Layer):
    def __init__(self, height):
        super().__init__()
        self.height = height

    def call(self, inputs):
        ops.warn("a height of %s is not recommended", self.height)
        ops.note("inputs %s", inputs)
        x = ops.reshape_to_2d(inputs, height=self.height)
        x = ops.scaled(x, tf.reduce_mean(inputs))
        return ops.resize(x[..., None], 4)


@tf.function
def step(x, *extra):
    normalizer = Normalizer()
    x = normalizer.apply(x, 0.5)
    x = normalizer.shift(x, tf.reduce_max(x))
    # Called with a constant on the instance, and with a tensor through the class: not all seen.
    x = normalizer.scale_by(x, 2.0) + Normalizer.scale_by(normalizer, x, tf.reduce_max(x))
    return ops.spread(x, *extra)


CENTERS = {"mean": ops.center}  # named other than in a call: calls through the dict are not seen


@tf.function
def centered(x):
    return ops.center(x, 0.5) + CENTERS["mean"](x, tf.reduce_mean(x))
