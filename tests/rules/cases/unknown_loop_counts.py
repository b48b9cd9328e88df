"""TFG303/TFG304: a loop count that is not a known int (a parameter, a default that is not a
number) is left unknown, never taken for one: no internal error, and the count-based silences do
not apply. The repeated list is still data of unknown length (TFG304); the range over a parameter
no call site shows to be a Python number stays silent (TFG303).
"""
import tensorflow as tf


@tf.function
def unknown_repeats(x, n):
    for v in [0.5] * n:  # [python-loop-over-data]
        x = x + v
    for i in range(n):  # an unknown bound: silent
        x = x + 1.0
    return x


class Steps(tf.keras.Model):
    def __init__(self, steps=object()):
        super().__init__()
        self.steps = steps

    def call(self, x):
        for i in range(self.steps):  # a default that is not an int: silent
            x = x + 1.0
        return x
