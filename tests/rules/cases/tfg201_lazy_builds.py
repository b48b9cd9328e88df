"""A layer's call that builds its weights in a handler for the AttributeError their first read
raises (``try: ... self.w ...; except AttributeError: self.build(x.shape)``, in a retry loop):
the handler runs only while the weights are missing, once, as a create-once guard's block does
(an EEG library's layers, held out 2026-11-29). Keras builds a layer before its first call, so the
handler does not even run there. What build makes and prints is not reported. Twins: a handler
for another error, a handler that sets nothing the try reads, and a build called on every call."""
import tensorflow as tf


class LazyDense(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), name="w")
        print("built", input_shape)

    def call(self, x):
        while True:
            try:
                return tf.matmul(x, self.w)
            except AttributeError:
                self.build(x.shape)


class WrongError(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), name="w")  # [variable-created-in-graph]

    def call(self, x):
        try:
            return tf.matmul(x, self.w)
        except KeyError:
            self.build(x.shape)
            return tf.matmul(x, self.w)


class SetsOther(tf.keras.layers.Layer):
    def make(self, input_shape):
        self.v = tf.Variable(tf.zeros((input_shape[-1], 2)))  # [variable-created-in-graph]

    def call(self, x):
        try:
            return tf.matmul(x, self.w)
        except AttributeError:
            self.make(x.shape)
            return tf.matmul(x, self.v)


class EveryCall(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), name="w")  # [variable-created-in-graph]

    def call(self, x):
        self.build(x.shape)
        return tf.matmul(x, self.w)
