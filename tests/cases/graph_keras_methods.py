"""Keras compiles call/train_step/test_step/predict_step of Layer and Model subclasses."""
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
