"""Keras's own tree: a plain helper class, and a layer, under the keras.layers path."""
from keras.src.layers.layer import Layer


class Box:
    def __init__(self):
        self.format = "xyxy"


class Scaling(Layer):
    def call(self, x):
        return x * 2
