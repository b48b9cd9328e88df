import tensorflow as tf

from graphs.message_passing import MessagePassing
from graphs.plain import Plain


class GatedConv(MessagePassing):
    def call(self, inputs):
        x, a = inputs
        print("gated", x)  # [python-print-in-graph]
        return self.propagate(x, a)

    def describe(self):
        print("described", self.name)  # called by no traced method: silent
        return "gated"


class AttentionConv(MessagePassing):
    # No call of its own: the base's call reaches this override through propagate.
    def message(self, x):
        print("message", x)  # [python-print-in-graph]
        if len(tf.shape(x)) == 2:  # [tensor-used-as-python-value]
            x = tf.transpose(x)  # Keras 3 runs call, and so this override, unconverted
        return x


class Unrelated(Plain):
    def call(self, x):
        print("unrelated", x)  # a plain class's method named call: silent
        return x
