"""Standalone Keras 2 spelled its base classes ``keras.engine.topology.Layer`` and
``keras.engine.Layer``: a subclass's ``call`` is a Keras method as with ``keras.layers.Layer``.
Shape of a public report: https://github.com/experiencor/keras-yolo3/issues/332 (a tf.Variable
made in a YOLO layer's call fails under fit: "tf.function only supports singleton tf.Variables
created on the first call"). Twins stay silent: the variable made in ``build``, and a plain class
named ``Layer`` that is no Keras class.
"""
import tensorflow as tf
from keras.engine import Layer as EngineLayer
from keras.engine.topology import Layer


class YoloLoss(Layer):
    def call(self, x):
        batch_seen = tf.Variable(0.0)  # [variable-created-in-graph]
        return x + batch_seen


class Counter(EngineLayer):
    def build(self, input_shape):
        self.seen = tf.Variable(0.0)  # made once, when Keras builds the layer

    def call(self, x):
        return x + self.seen


class PlainLayer:  # no Keras class: its call is plain Python
    def call(self, x):
        return tf.Variable(x)
