"""TFG105: an in-place operator on an attribute that only ever holds a tf.Variable raises."""
import tensorflow as tf
from tensorflow.keras import backend as K


class Totals:
    def __init__(self):
        self.total = tf.Variable(0.0)
        self.hits = K.variable(0.0)
        self.steps = tf.Variable(0)

    @tf.function
    def update(self, x):
        self.total += tf.reduce_sum(x)  # [python-state-mutation]
        self.hits -= 1.0  # [python-state-mutation]
        self.steps.assign_add(1)
        return self.total


class Resettable:
    """The attribute is a tf.Variable or a Python number: not known to raise, stays silent."""

    def __init__(self):
        self.total = tf.Variable(0.0)

    def reset(self):
        self.total = 0.0

    @tf.function
    def update(self, x):
        self.total += tf.reduce_sum(x)
        return self.total
