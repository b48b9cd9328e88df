"""Subclassed models whose own method builds a functional model from symbolic Inputs.

The shape of recommendation code that makes ``Model(inputs, self.call(inputs))`` in a
``build_graph`` method and fits the functional model it returns
(https://github.com/littlemesie/recommend-tf2.0, src/ctr/esmm/model.py and train.py).
"""
import tensorflow as tf


class Held(tf.keras.layers.Layer):
    def call(self, inputs):
        # Called by a holder's call on symbolic inputs: a node of the functional model, traced by fit.
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0


class BuiltByOwnMethod(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = Held()

    def call(self, inputs):
        print(inputs)  # low: [python-print-in-graph]
        return self.hidden(inputs)

    def build_graph(self):
        inputs = tf.keras.layers.Input(shape=(3,))
        return tf.keras.Model(inputs=inputs, outputs=self.call(inputs))


class BuiltThroughHelper(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # low: [python-print-in-graph]
        return inputs * 2.0

    def outputs_for(self, inputs):
        return self.call(inputs)

    def build_graph(self, width=3):
        inputs = tf.keras.layers.Input(shape=(width,))
        return tf.keras.Model(inputs=inputs, outputs=self.outputs_for(inputs))


class FittedToo(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def build_graph(self):
        inputs = tf.keras.layers.Input(shape=(3,))
        return tf.keras.Model(inputs=inputs, outputs=self.call(inputs))


class CalledOnInputs(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def build_graph(self):
        inputs = tf.keras.layers.Input(shape=(3,))
        # ``self(inputs)`` makes a Keras node of this model: the functional model's loops run its call.
        return tf.keras.Model(inputs=inputs, outputs=self(inputs))


class GraphBuilder(tf.keras.Model):
    def build_graph(self):
        inputs = tf.keras.layers.Input(shape=(3,))
        return tf.keras.Model(inputs=inputs, outputs=self.call(inputs))


class InheritsItsBuild(GraphBuilder):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0


class ReturnsItself(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def build_graph(self):
        self.call(tf.keras.layers.Input(shape=(3,)))
        return self
