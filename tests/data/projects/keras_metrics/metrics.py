"""Keras metrics whose instances other files make: one compiled, one run only in an eager loop,
one made by no file of this package (graph code, as Keras would run it when a user makes it)."""
import tensorflow as tf


class CompiledElsewhere(tf.keras.metrics.Metric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.last = y_pred.numpy()  # [eager-only-call-in-graph]

    def result(self):
        return 0.0


class EvaluatedElsewhere(tf.keras.metrics.Metric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.last = y_pred.numpy()  # low: [eager-only-call-in-graph]

    def result(self):
        return 0.0


class MadeNowhere(tf.keras.metrics.Metric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.last = y_pred.numpy()  # [eager-only-call-in-graph]
