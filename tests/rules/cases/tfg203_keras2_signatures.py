"""TFG203: a module that passes a weight's name first (``self.add_weight("total", shape=())``) can
only run under Keras 2, which Keras 3 refuses (ValueError on TensorFlow 2.21: the name must be a
keyword). Keras 2 converts a layer's ``call`` and a metric's ``update_state`` with AutoGraph, so a
tensor ``if`` there is converted: silent. The twins (tfg203_keras3_layer_methods.py,
tfg203_keras3_metric_methods.py) name their weights by keyword and fire.
"""
import tensorflow as tf


class Gate(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight("scale", shape=(1,), initializer="ones")

    def call(self, x):
        if tf.reduce_sum(x) > 0:  # converted by Keras 2's AutoGraph: silent
            return x * self.scale
        return x


class PositiveHits(tf.keras.metrics.Metric):
    def __init__(self, name="positive_hits", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.hits = self.add_weight("hits", shape=(), initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        if tf.reduce_any(y_pred > 0.5):  # converted by Keras 2's AutoGraph: silent
            self.hits.assign_add(1.0)

    def result(self):
        return self.hits
