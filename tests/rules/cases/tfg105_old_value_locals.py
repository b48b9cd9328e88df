"""TFG105: an attribute given a value computed from its old one through locals of the function.

``columns, codes = tf.unique(self.labels)`` then ``self.labels = columns`` reads the old value as
surely as ``self.labels = f(self.labels)``: run once per trace, not on every call. Shape of a public
report: https://github.com/few-shot-learning/Keras-FewShotLearning/commit/5df3cb32086d6af035db6378184c8f2e5c63a8a5
(a tf.function method of a layer that replaces its support labels by their unique values).
Twins stay silent: a local that only copies the attribute, a local rebound fresh before the
update, a local computed from another attribute or from a static attribute of this one, and eager
code.
"""
import tensorflow as tf


class Support:
    def __init__(self):
        self.labels = tf.constant([])
        self.state = tf.zeros([4])
        self.count = 0
        self.other = 1.0
        self.kernel = tf.zeros([2, 2])
        self.buffer = tf.zeros([4])

    @tf.function
    def set_support(self, x):
        columns, codes = tf.unique(self.labels)
        self.labels = columns  # [python-state-mutation]
        h = self.state
        h = h * 0.5 + x
        self.state = h  # [python-state-mutation]
        following = self.count + 1
        self.count = following  # [python-state-mutation]
        return codes

    @tf.function
    def silent(self, x):
        old = self.state
        self.state = old  # a copy of the old value, unchanged
        scaled = self.other * 2.0
        self.labels = scaled  # computed from another attribute
        shape = self.kernel.shape
        self.kernel = tf.random.normal(shape)  # only its static shape
        mixed = self.buffer + x
        mixed = tf.zeros([4])
        self.buffer = mixed  # rebound fresh before the update
        return x


class EagerSupport:
    def __init__(self):
        self.state = tf.zeros([4])

    def update(self, x):
        h = self.state * 0.5 + x
        self.state = h  # not traced
        return h
