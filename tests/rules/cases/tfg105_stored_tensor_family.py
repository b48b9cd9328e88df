"""TFG105: a tf.function setter of a base class whose subclasses read what it stores, and a
setter that stores a list of its tensor argument's items.

Shape of a public report: https://github.com/alpha-davidson/TensorBNN/issues/2 (a layer base
class with ``@tf.function`` methods ``self.parameters = tensors`` that only its subclasses'
methods read; activation layers storing ``[slopes[0]]``). The stored symbolic tensors outlive the
trace: a later eager use raises "... is out of scope and cannot be used here".
Twins stay silent: a base whose subclasses never read the attribute, a list of Python
constants or of a settings parameter, an unrelated class reading an attribute of the same name.
"""
import tensorflow as tf


class Unit:
    def __init__(self):
        self.parameters = None
        self.hypers = None
        self.tag = None

    @tf.function
    def update_parameters(self, tensors):
        self.parameters = tensors  # [python-state-mutation]

    @tf.function
    def update_tag(self, tensors):
        self.tag = tensors  # no subclass reads it


class Dense(Unit):
    def predict(self, x):
        weights, bias = self.parameters
        return tf.matmul(x, weights) + bias


class Prelu(Unit):
    @tf.function
    def update_slopes(self, slopes):
        self.parameters = [slopes[0]]  # [python-state-mutation]

    @tf.function
    def update_hypers(self, hypers, floor=0.01):
        self.hypers = [tf.maximum(floor, hypers[0])]  # [python-state-mutation]

    @tf.function
    def reset(self, width=3):
        self.hypers = [0.5, 0.5]  # Python numbers, the same on every call
        self.parameters = [width]  # a settings parameter, not a tensor

    def predict(self, x):
        return tf.where(x < 0, self.parameters[0] * x, x) * self.hypers[0]


class Stranger:
    def __init__(self):
        self.tag = None

    def show(self):
        return self.tag  # another class: says nothing of Unit's attribute
