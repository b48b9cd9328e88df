"""TFG105 twins of tfg105_stored_tensor.py: a tf.function method that stores what says nothing of
a tensor. A tf.function ``__init__`` is traced once per object, as often as it runs, and stores
the object's settings (networks, callables, sizes); a parameter with a Python-constant default
(``scale=2``) holds a Python value unless told otherwise. Both stay silent; a tensor the
constructor computes, and a bare parameter of another method, are still reported.
"""
import tensorflow as tf


class Surrogate:
    @tf.function
    def __init__(self, network, configurator=None, width=4):
        self.network = network  # a setting of the object, set once per object
        self.configurator = configurator
        self.width = width
        self.bias = tf.zeros([width])  # [python-state-mutation]

    def describe(self):
        return self.network, self.configurator, self.width, self.bias


class Scaler:
    def __init__(self):
        self.scale = None
        self.last = None

    @tf.function
    def apply(self, x, scale=2):
        self.scale = scale  # a Python constant unless a caller passes a tensor
        self.last = x  # [python-state-mutation]
        return x * self.scale

    def describe(self):
        return self.scale, self.last
