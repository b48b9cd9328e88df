"""TFG109: an attribute a driver method binds before it first calls the traced method.

``Trainer.train`` binds ``self.scale`` and ``self.shift`` at the top of its body, then calls the
tf.function ``train_step`` in its loop, and this module calls ``train`` once. In a module other
code may import, that proves nothing: ``train`` is public API a user may run again, and a second
run keeps the first trace's values (reported). The same code in a notebook, which nothing else can
call, is silent there (tests/analysis/test_first_binding.py lints this file as a notebook).
``self.codes`` is rebound inside the loop, between calls of ``train_step``: every call after the
first runs the first trace's codes (reported, in a notebook too). Twins: a driver the module calls
twice (its second run rebinds what the first trace holds), and a driver that calls the traced
method once before its bindings; both stay reported everywhere. Calls are matched by method name
across the module, so each twin has names of its own.
"""
import tensorflow as tf


class Trainer:
    def __init__(self, data):
        self.data = data
        self.scale = None
        self.codes = None

    def train(self, scale, shift):
        self.scale, self.shift = scale, shift  # bound once, before the first trace
        for batch, codes in self.data:
            self.codes = codes
            self.train_step(batch)

    @tf.function
    def train_step(self, batch):
        scaled = batch * self.scale + self.shift  # [mutable-attribute-capture]
        return scaled + self.codes  # [mutable-attribute-capture]


trainer = Trainer([(tf.zeros(2), tf.ones(2))])
trainer.train(2.0, 1.0)


class TwiceTrainer:
    def __init__(self):
        self.scale = None

    def fit_all(self, scale, data):
        self.scale = scale
        for batch in data:
            self.fit_step(batch)

    @tf.function
    def fit_step(self, batch):
        return batch * self.scale  # [mutable-attribute-capture]


twice = TwiceTrainer()
twice.fit_all(2.0, [tf.zeros(2)])
twice.fit_all(3.0, [tf.zeros(2)])


class WarmTrainer:
    def __init__(self):
        self.scale = 1.0

    def warm_and_train(self, scale, data):
        self.warm_step(data[0])
        self.scale = scale
        for batch in data:
            self.warm_step(batch)

    @tf.function
    def warm_step(self, batch):
        return batch * self.scale  # [mutable-attribute-capture]


warm = WarmTrainer()
warm.warm_and_train(2.0, [tf.zeros(2)])
