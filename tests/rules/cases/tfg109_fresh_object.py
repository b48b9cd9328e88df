"""TFG109: ``__setstate__`` binds the attributes of a fresh, unpickled object.

Nothing of that object has been traced yet, so its binding cannot make a trace stale: silent. The
twin rebinds the same attribute in a public ``restore`` that users call on a live object, after
its traces (LOW).
"""
import tensorflow as tf


class Shaping:
    def __init__(self, scale):
        self.scale = scale

    @tf.function
    def potential(self, x):
        return x * self.scale  # bound only while constructing or unpickling: silent

    def __getstate__(self):
        return {"scale": self.scale}

    def __setstate__(self, state):
        self.scale = state["scale"]


class RestoredShaping:
    def __init__(self, scale):
        self.scale = scale

    @tf.function
    def potential(self, x):
        return x * self.scale  # low: [mutable-attribute-capture]

    def restore(self, state):
        self.scale = state["scale"]
