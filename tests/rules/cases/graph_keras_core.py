"""Keras 3's preview package, keras_core, is Keras: its layers' and metrics' methods are graph code,
run unconverted as Keras 3 runs them. The twin: the same class on another package's base."""
import keras_core as keras
import tensorflow as tf


class Scale(keras.layers.Layer):
    def call(self, inputs):
        if tf.reduce_sum(inputs) > 0:  # [tensor-used-as-python-value]
            return inputs
        return -inputs


class Plain(object):
    def call(self, inputs):
        if tf.reduce_sum(inputs) > 0:
            return inputs
        return -inputs
