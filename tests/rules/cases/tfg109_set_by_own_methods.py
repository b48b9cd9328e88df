"""TFG109: graph code reads an attribute that the same trace has just stored through methods of its
own class (an interatomic-potential fitter's loss: ``compute_grad`` calls ``compute_loss``, which
ends with ``self.reg_components = tf.stack(...)``; the traced loss returns it). Each trace reads
what it stored itself, so the rebinding in ``fit`` leaves nothing stale: silent. The twin's helper
stores it only in one branch (or after a return it may take), so a trace may read what an earlier
call left: reported (LOW, as
any rebinding outside set-up that is not shown to run between traces)."""
import tensorflow as tf


class Fitter(tf.Module):
    def __init__(self, fast=False):
        super().__init__()
        self.fast = fast
        self.parts = None
        self.loss = tf.function(self._loss)

    def _loss(self, x):
        if self.fast:
            with tf.name_scope("fast"):
                gradient = self._gradient(x)
        else:
            gradient = self._gradient(x)
        return gradient, self.parts

    def _gradient(self, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            value = self._penalised(x)
        return tape.gradient(value, x)

    def _penalised(self, x):
        parts = [tf.reduce_sum(x), tf.reduce_max(x)]
        self.parts = tf.stack(parts)
        return tf.reduce_sum(x * x)

    def fit(self, x):
        gradient, self.parts = self.loss(x)
        gradient, self.parts = self.loss(x - gradient)
        return gradient


class SometimesPenalised(tf.Module):
    def __init__(self):
        super().__init__()
        self.parts = None
        self.loss = tf.function(self._loss)

    def _loss(self, x):
        value = self._penalised(x)
        return value, self.parts  # low: [mutable-attribute-capture]

    def _penalised(self, x):
        if x.shape[0] > 1:
            self.parts = tf.stack([tf.reduce_sum(x)])
        return tf.reduce_sum(x * x)

    def fit(self, x):
        value, self.parts = self.loss(x)
        value, self.parts = self.loss(x - value)
        return value


class EarlyExitPenalised(tf.Module):
    """Its helper stores the attribute at its end, but may return before: reported too."""

    def __init__(self):
        super().__init__()
        self.terms = None
        self.objective = tf.function(self._objective)

    def _objective(self, x):
        value = self._regularised(x)
        return value, self.terms  # low: [mutable-attribute-capture]

    def _regularised(self, x):
        if x.shape[0] == 0:
            return tf.constant(0.0)
        self.terms = tf.stack([tf.reduce_sum(x)])
        return tf.reduce_sum(x * x)

    def train(self, x):
        value, self.terms = self.objective(x)
        value, self.terms = self.objective(x - value)
        return value
