"""TFG203: Keras 3 runs a Metric's update_state/result and a Loss's call from its own code, which
AutoGraph does not convert: len()/int() of a tensor and a Python if on one raise while fit traces
(TF 2.21: "len is not well defined for a symbolic Tensor"). The twins stay silent: shape facts,
TensorFlow ops, and the same methods in a module that uses Keras 2 (tfg203_keras2_metric_methods).
"""
import tensorflow as tf


def make_metric():
    class Rank(tf.keras.metrics.Metric):  # a metric class defined inside a function
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.total = self.add_weight(name="total", initializer="zeros")

        def update_state(self, y_true, y_pred, sample_weight=None):
            rank = len(tf.shape(y_true))  # [tensor-used-as-python-value]
            picked = int(tf.random.uniform([], 0, 5, dtype=tf.int32))  # [tensor-used-as-python-value]
            self.total.assign_add(tf.cast(rank + picked, tf.float32))
            self.total.assign_add(tf.cast(tf.rank(y_true), tf.float32))
            self.total.assign_add(float(len(y_true.shape)))
            if tf.reduce_sum(y_pred) > 0:  # [tensor-used-as-python-value]
                self.total.assign_add(1.0)

        def result(self):
            return self.total

    return Rank()


class Hinge(tf.keras.losses.Loss):
    def call(self, y_true, y_pred):
        n = tf.shape(y_pred)[0]
        return tf.reduce_sum(tf.maximum(0.0, 1.0 - y_true * y_pred)) / tf.cast(n, tf.float32)


inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
model.compile(loss=Hinge(), metrics=[make_metric()])


class CorpusScore(tf.keras.metrics.Metric):
    """keras-hub's Bleu: update_state goes on, on every call, to a helper that reads its
    variables with .numpy(): written to run eagerly. Its Python if on a tensor is LOW (the
    .numpy() is what to fix where it is traced); the twin pulls values only on a branch."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")

    def _score(self, y_pred):
        if isinstance(y_pred, tf.RaggedTensor):
            y_pred = y_pred.to_tensor()
        total = self.total.numpy()  # [eager-only-call-in-graph]
        return total + 1.0

    def update_state(self, y_true, y_pred, sample_weight=None):
        if tf.reduce_sum(y_pred) > 0:  # low: [tensor-used-as-python-value]
            y_pred = y_pred * 2.0
        self.total.assign(self._score(y_pred))

    def result(self):
        return self.total


class BranchScore(CorpusScore):
    def update_state(self, y_true, y_pred, sample_weight=None):
        if tf.reduce_sum(y_pred) > 0:  # [tensor-used-as-python-value]
            y_pred = y_pred * 2.0
        if sample_weight is not None:
            self.total.assign(self.total.numpy() + 1.0)  # [eager-only-call-in-graph]
