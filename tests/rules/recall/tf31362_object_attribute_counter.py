"""Counting calls by bumping an attribute of a Python object passed into a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/31362
Hazard: obj.value += 1 runs only while tracing, so the count stops at 1.
"""
# category: decorated
import tensorflow as tf


class Tally:
    def __init__(self):
        self.value = 0


tally = Tally()


@tf.function
def step(x, counter):
    counter.value += 1  # [python-state-mutation]
    return x * 2


for i in range(5):
    step(tf.constant(float(i)), tally)
    print(i, tally.value)
