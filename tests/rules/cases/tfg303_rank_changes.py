"""TFG303: a loop whose body adds or removes an axis of a tensor it carries must stay a Python loop.

A tf.while_loop keeps every loop variable's shape, so ``tf.range`` would fail on a body that
rebinds ``x`` to ``tf.expand_dims(x, 1)``, ``tf.squeeze(x, 0)`` or ``x[:, None]``: silent. Twins:
the same counts with a body that keeps the rank are reported, as is a body that adds an axis to a
different tensor than the one it rebinds.
"""
import tensorflow as tf


class Broadcast(tf.keras.layers.Layer):
    def __init__(self, target_rank=64, **kwargs):
        super().__init__(**kwargs)
        self.target_rank = target_rank

    def call(self, inputs):
        for _ in range(self.target_rank):
            inputs = tf.expand_dims(inputs, axis=1)
        for _ in range(self.target_rank):
            inputs = inputs[:, None]
        for _ in range(self.target_rank):  # [python-range-loop]
            inputs = inputs * 2.0
        return inputs


@tf.function
def squeeze_all(x, y):
    for _ in range(40):
        x = tf.squeeze(x, axis=0)
    for _ in range(40):
        if x.shape[0] == 1:
            x = tf.squeeze(x, 0)
    for _ in range(40):  # [python-range-loop]
        x = tf.expand_dims(y, 0)  # the rebound name is not the one given an axis
    for _ in range(40):  # [python-range-loop]
        x = x + y[None]
    return x


def main():
    Broadcast(target_rank=66)(tf.zeros([1, 1]))
    squeeze_all(tf.zeros([1] * 42), tf.zeros([2]))
