import numpy as np
import tensorflow as tf

from helpers import smooth


class Augmenter:
    def __init__(self, scale):
        self.scale = scale

    def apply(self, x):
        print("augmenting", x)  # [python-print-in-graph]
        return clip(x) * self.scale

    def describe(self):
        print("Augmenter", self.scale)  # called only in eager code: silent
        return self.scale


class Noise:
    def __call__(self, x):
        return x + np.random.normal()  # [python-random-in-graph]


class Jitter:
    def sample(self, x):
        return smooth(x) + np.random.uniform()  # [python-random-in-graph]


class Unused:
    def apply(self, x):  # named like Augmenter.apply; graph code makes no Unused it knows of
        print("unused", x)
        return x


def clip(x):
    print("clipping", x)  # [python-print-in-graph]
    return x


class Trainer:
    def __init__(self, scale):
        self.scale = scale

    @tf.function
    def step(self, x, lr):
        return x * lr * self.scale

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32), tf.TensorSpec((), tf.float32)])
    def fixed_step(self, x, lr):
        return x * lr * self.scale


class GraphAugment:
    """Reached only through a parameter annotated with the class (annotated.py)."""

    def augment(self, x):
        if np.random.uniform() < 0.5:  # [python-random-in-graph]
            return x
        return x * 2

    def describe(self, x):
        print("graph augment", x)  # annotated.py's twin: its parameter's annotation is another type
        return x
