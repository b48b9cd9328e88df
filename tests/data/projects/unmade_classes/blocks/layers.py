"""Layers a package of the project re-exports: train.py makes one of them; no code makes the other."""
import tensorflow as tf


class Exported(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # low: [eager-only-call-in-graph]


class ExportedAndMade(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # [eager-only-call-in-graph]
