"""TFG109: an attribute rebound only to an object it already held.

``best = self.net`` before and inside the loop, ``self.net = best`` after it: every binding of
``best`` is ``self.net`` itself, so the attribute gets back an object the trace may already hold,
never a new one: silent. The twin keeps the best of *other* candidates (``best = candidate``), a new
object, which calls after the loop read through the graph of the first trace (INFERENCE: the
method calls the traced step itself).
"""
import tensorflow as tf


class EarlyStopping:
    def __init__(self, net):
        self.net = net

    @tf.function
    def step(self, x):
        return self.net(x) * 2.0  # calling what it holds, not reading a value

    @tf.function
    def score(self, x):
        return tf.reduce_sum(x) * self.net.scale  # the same object after the loop: silent

    def fit(self, xs):
        best_loss = float("inf")
        best = self.net
        for x in xs:
            loss = self.score(x)
            if loss < best_loss:
                best_loss = loss
                best = self.net
        self.net = best

    def keep(self):
        self.net = self.net  # the very object: silent


class PickBest:
    def __init__(self, net):
        self.net = net

    @tf.function
    def score(self, x):
        return tf.reduce_sum(x) * self.net.scale  # [mutable-attribute-capture]

    def fit(self, xs, candidates):
        best = self.net
        for candidate in candidates:
            if self.score(xs[0]) > 0:
                best = candidate
        self.net = best


class FromArgument:
    def __init__(self, net):
        self.net = net

    @tf.function
    def score(self, x):
        return tf.reduce_sum(x) * self.net.scale  # low: [mutable-attribute-capture]

    def load(self, best):
        self.net = best  # a parameter named like the alias: a new value
