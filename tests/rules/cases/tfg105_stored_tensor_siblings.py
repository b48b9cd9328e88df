"""TFG105: a tf.function setter whose stored tensor only a sibling class reads, through the base
class the two share.

Shape of a public report: https://github.com/alpha-davidson/TensorBNN/issues/2 (activation layers
deriving from the project's ``Layer``: ``Prelu.updateParameters`` stores ``[slopes[0]]`` on self in
a tf.function, ``Leaky.predict`` reads ``self.parameters``, the network reads each layer's
``parameters``). The attribute is the interface of the family the base class makes.
Twins stay silent: classes that share only a library base (``tf.Module``: unrelated code derives
from it, and an attribute name read by one says nothing of another), and a class of its own.
"""
import tensorflow as tf


class Unit:
    def __init__(self):
        self.parameters = []


class Leaky(Unit):
    def predict(self, x):
        return tf.nn.leaky_relu(x, self.parameters[0])


class Prelu(Unit):
    @tf.function
    def update_parameters(self, slopes):
        self.parameters = [slopes[0]]  # [python-state-mutation]

    @tf.function
    def update_all(self, tensors):
        self.parameters = tensors  # [python-state-mutation]


class Reader(tf.Module):
    def show(self):
        return self.state


class Writer(tf.Module):
    @tf.function
    def update(self, state):
        self.state = state  # only an unrelated subclass of tf.Module reads a 'state'


class Alone:
    @tf.function
    def update(self, parameters):
        self.parameters = parameters  # no class of its family reads it
