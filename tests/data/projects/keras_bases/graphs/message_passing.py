import tensorflow as tf


class MessagePassing(tf.keras.layers.Layer):
    """A Keras layer whose call dispatches to methods its subclasses override."""

    def call(self, inputs):
        x, a = inputs
        return self.propagate(x, a)

    def propagate(self, x, a):
        messages = self.message(x)
        return self.aggregate(messages, a)

    def message(self, x):
        return x

    def aggregate(self, messages, a):
        return tf.matmul(a, messages)

    def describe(self):
        return type(self).__name__
