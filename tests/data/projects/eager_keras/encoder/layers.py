import tensorflow as tf


class Positions(tf.keras.layers.Layer):
    """Held by the encoder, which only main.py makes and calls on eager tensors."""

    def build(self, input_shape):
        super().build(input_shape)

    def call(self, inputs):
        print("positions", tf.shape(inputs))  # low: [python-print-in-graph]
        return tf.Variable(tf.zeros(tf.shape(inputs)))  # low: [variable-created-in-graph]


class Attention(tf.keras.layers.Layer):
    def __init__(self, width):
        super().__init__()
        self.positions = Positions()

    def call(self, inputs):
        rows = [inputs[i] for i in range(tf.shape(inputs)[0])]  # low: [tensor-used-as-python-value]
        return tf.stack(rows) + self.positions(inputs)


class Unused(tf.keras.layers.Layer):
    """Made nowhere in the project: a layer for users to fit, graph code as Keras runs it."""

    def call(self, inputs):
        print("unused", inputs)  # [python-print-in-graph]
        return inputs


class FromFactory(tf.keras.layers.Layer):
    """Made only by a library function, which hands it to callers the project does not show."""

    def call(self, inputs):
        print("factory", inputs)  # [python-print-in-graph]
        return inputs


def make_layer():
    return FromFactory()
