"""TFG203: the truth test of an attribute holding a variable that is not a bool raises in graph
code, whether AutoGraph converts the test or not (TF 2.21, Keras 3: a Keras variable raises
TypeError; AutoGraph's ``if`` on a float tf.Variable raises ValueError, "condition of if statement
expected to be `tf.bool` scalar"). A None binding (no bias) leaves the claim standing for the
bindings that make a variable. The twins stay silent: ``is not None`` tests, Python settings, a
bool variable, a variable of unknown dtype, an attribute also bound to a number, another object's
add_weight, and the same test in code that is not traced.
"""
import tensorflow as tf


class GraphConvolution(tf.keras.layers.Layer):
    """In the shape of https://github.com/tkipf/keras-gcn/issues/55 (kegra/layers/graph.py)."""

    def __init__(self, units, use_bias=True, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.use_bias = use_bias

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.units,), initializer="zeros", name="bias")
        else:
            self.bias = None
        self.mask = self.add_weight(shape=(), initializer="ones", dtype="bool", trainable=False)

    def call(self, inputs):
        output = tf.matmul(inputs, self.kernel)
        if self.bias:  # [tensor-used-as-python-value]
            output += self.bias
        if self.bias is not None:
            output += self.bias
        if self.use_bias:
            output += self.bias
        if self.use_bias and self.kernel:  # [tensor-used-as-python-value]
            output *= 2.0
        if self.mask:  # a bool weight: AutoGraph converts it where it does convert
            output *= 2.0
        return output

    def describe(self):
        return "with bias" if self.bias else "without bias"  # never traced


class Smoother(tf.Module):
    def __init__(self, alpha, tracker):
        super().__init__()
        self.rate = tf.Variable(0.5, trainable=False)
        self.noise = tf.Variable(tf.zeros([3]))
        self.enabled = tf.Variable(True)
        self.alpha = tf.Variable(alpha)  # its dtype is the caller's
        self.steps = tf.Variable(0)
        self.steps_or_count = tf.Variable(0)
        self.seen = tracker.add_weight(name="seen", initializer="zeros")  # another object's

    def reset(self):
        self.steps_or_count = 0

    @tf.function
    def __call__(self, x):
        if self.rate:  # [tensor-used-as-python-value]
            x = x * self.rate
        scale = 1.0 if not self.noise else 2.0  # [tensor-used-as-python-value]
        ready = bool(self.steps)  # [tensor-used-as-python-value]
        fallback = self.rate or 0.1  # [tensor-used-as-python-value]
        if self.enabled:
            x = x + 1.0
        if self.alpha:
            x = x + 1.0
        if self.steps_or_count:
            x = x + 1.0
        if self.seen:
            x = x + 1.0
        if self.rate > 0.1:
            x = x + 1.0
        return x * scale * fallback, ready
