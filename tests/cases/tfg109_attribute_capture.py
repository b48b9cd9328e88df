"""TFG109: a self attribute that another method rebinds is frozen into the graph (issue #12, 2)."""
import numpy as np
import tensorflow as tf


class Searcher:
    def __init__(self, items):
        self.items = items
        self.scale = 2.0
        self.table = tf.Variable([0.0, 1.0])
        self._ready = False

    def add(self, items):
        # Rebinds, then queries through the stale trace: INFERENCE.
        self.items = items
        return self.query(tf.constant(1.0))

    def set_scale(self, scale):
        self.scale = scale  # nothing here calls the traced function: LOW, off by default

    def reset(self, values):
        self.table.assign(values)  # a tf.Variable is read when the graph runs

    def _prepare(self):
        self._ready = True  # a lazy initialiser called while tracing

    @tf.function
    def query(self, x):
        if not self._ready:
            self._prepare()
        total = tf.reduce_sum(tf.constant(self.items))  # [mutable-attribute-capture]
        return x * total * self.scale + self.table[0]  # low: [mutable-attribute-capture]


class Rebuilt:
    """Rebinding and making a fresh tf.function drops the old traces: silent."""

    def __init__(self):
        self.weights = np.ones(3)
        self.run = tf.function(self._run)

    def load(self, weights):
        self.weights = weights
        self.run = tf.function(self._run)
        return self.run()

    def _run(self):
        return tf.reduce_sum(tf.constant(self.weights))
