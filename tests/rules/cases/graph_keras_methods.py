"""Keras compiles call/train_step/test_step/predict_step of Layer and Model subclasses."""
import types

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers


class Block(layers.Layer):
    def build(self, input_shape):
        print("build runs eagerly once")

    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs


class Net(keras.Model):
    def train_step(self, data):
        print(data)  # [python-print-in-graph]
        return {}

    def test_step(self, data):
        print(data)  # [python-print-in-graph]
        return {}

    def predict_step(self, data):
        print(data)  # [python-print-in-graph]
        return data

    def summary_text(self):
        print("not compiled")


class DenseChild(tf.keras.layers.Dense):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs


class Grandchild(Block):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs


class NotKeras:
    def call(self, inputs):
        print(inputs)


class HostMetric(tf.keras.metrics.Metric):
    """keras-cv's COCO metrics: __new__ puts a tf.py_function wrapper on each instance under the
    name update_state, so Keras calls the wrapper and the class's def runs eagerly (LOW). The twin
    keeps its method: Keras traces it."""

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        original = obj.update_state

        def on_host(self, y_true, y_pred, sample_weight=None):
            return tf.py_function(func=original, inp=[y_true, y_pred], Tout=[])

        obj.update_state = types.MethodType(on_host, obj)
        return obj

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.seen.append(y_pred)  # low: [outer-collection-mutation]

    def result(self):
        return tf.constant(float(len(self.seen)))


class TracedMetric(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.seen.append(y_pred)  # [outer-collection-mutation]

    def result(self):
        return tf.constant(0.0)
