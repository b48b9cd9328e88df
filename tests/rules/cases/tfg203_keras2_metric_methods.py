"""TFG203 twin: Keras 2 (tf_keras) converts a Metric's methods with AutoGraph, so len() of a tensor
and a Python if on one work there: silent."""
import tensorflow as tf
import tf_keras


class Rank(tf_keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(tf.cast(len(tf.shape(y_true)), tf.float32))

    def result(self):
        if self.total > 10:
            return self.total / 2
        return self.total
