"""TFG105 on attributes given a default only while unset (analysis/fill_once): ``self.k = self.k
or default`` keeps the value once set, so the first trace fills it as the first eager call would
and later calls keep it. When every write of the attribute outside ``__init__`` is such a fill
and the default is not shown to be a tensor: LOW, saying so. A tensor default (kept from one
trace for the next), an attribute another method sets back, and a counter stay reported.
The first shape is mlgb's sampled softmax loss (a class count filled from the labels' static shape).
"""
import tensorflow as tf


class SampledLoss:
    def __init__(self, sample_num=None, width=None, depth=None):
        self.sample_num = sample_num
        self.width = width
        self.depth = depth

    @tf.function
    def call(self, y_true, y_pred):
        _, classes = y_true.shape
        self.sample_num = self.sample_num if self.sample_num else classes  # low: [python-state-mutation]
        self.width = self.width or 4  # low: [python-state-mutation]
        self.depth = 8 if self.depth is None else self.depth  # low: [python-state-mutation]
        return tf.reduce_sum(y_pred[:, :self.sample_num]) * self.width * self.depth


class GuardedFill:
    def __init__(self):
        self.size = None

    @tf.function
    def call(self, x):
        if self.size is None:
            self.size = x.shape[-1]  # a guarded fill: silent (analysis/runs_once)
        self.size = self.size or 16  # low: [python-state-mutation]
        return x * self.size


class TensorDefault:
    def __init__(self):
        self.center = None

    @tf.function
    def call(self, x):
        self.center = self.center or tf.reduce_mean(x)  # [python-state-mutation]
        return x - self.center


class SetBack:
    def __init__(self):
        self.limit = None

    @tf.function
    def call(self, x):
        _, classes = x.shape
        # reset() sets it back: reported (and, LOW, the read of what reset() rebinds)  # +1: [python-state-mutation]
        self.limit = self.limit if self.limit else classes  # low: [mutable-attribute-capture]
        return x[:, :self.limit]

    def reset(self):
        self.limit = None  # eager calls would fill it again after this; traces do not


class Counter:
    def __init__(self):
        self.calls = 0

    @tf.function
    def call(self, x):
        self.calls += 1  # [python-state-mutation]
        return x * self.calls
