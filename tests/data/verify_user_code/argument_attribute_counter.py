"""An object passed to a tf.function counts traces, not calls.

In the shape of https://github.com/tensorflow/tensorflow/issues/31362: the step bumps an attribute
of the object it receives; in graph mode that update runs only while tracing.
"""
# runtime: differs-from-eager
import tensorflow as tf


class Tally:
    def __init__(self):
        self.value = 0


@tf.function
def step(x, tally):
    tally.value += 1  # [python-state-mutation]
    return x * 2.0


def main():
    tally = Tally()
    for i in range(4):
        step(tf.constant(float(i)), tally)
    return tally.value
