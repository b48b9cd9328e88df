"""TFG203: an attribute the class binds only to variables (``self.add_weight``, ``tf.Variable``)
is a variable; comparing it gives a tensor, and Keras 3 runs ``call`` and a metric's ``result``
unconverted, so a Python ``if`` on it raises while tracing (TF 2.21: "Using a symbolic
`tf.Tensor` as a Python `bool` is not allowed"). The twins stay silent: comparisons of an
attribute also bound to None or a number, another object's add_weight, and comparisons of Python
settings (a truth test of a variable-or-None raises where it holds the variable: it is reported).
"""
import tensorflow as tf


class Gate(tf.keras.layers.Layer):
    def __init__(self, alpha, units, **kwargs):
        super().__init__(**kwargs)
        self.alpha = tf.Variable(alpha, trainable=False)
        self.alpha_store = tf.Variable(alpha, trainable=False)
        self.units = units
        self.scale = None
        self.bias = None

    def build(self, input_shape):
        self.scale = self.add_weight(name="scale", shape=(), initializer="ones")
        self.bias = self.add_weight(name="bias", shape=(), initializer="zeros") if self.units else None

    def call(self, inputs):
        if self.alpha != self.alpha_store:  # [tensor-used-as-python-value]
            self.alpha_store.assign(self.alpha)
        if self.units > 2:
            inputs = inputs * 2.0
        if self.scale is not None:  # None until build: the attribute is not only a variable
            inputs = inputs * self.scale
        # A weight or None: where it is the weight, its truth test raises (tfg203_variable_truth.py).
        if self.bias:  # [tensor-used-as-python-value]
            inputs = inputs + self.bias
        return inputs * self.alpha


class MeanOf(tf.keras.metrics.Metric):
    def __init__(self, tracker, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")
        self.seen = tracker.add_weight(name="seen", initializer="zeros")  # another object's

    def update_state(self, values, sample_weight=None):
        self.total.assign_add(tf.reduce_sum(values))
        self.count.assign_add(tf.cast(tf.size(values), tf.float32))

    def result(self):
        if self.count == 0:  # [tensor-used-as-python-value]
            return 0.0
        if self.seen == 0:
            return 0.0
        return self.total / self.count


class Counter(tf.keras.layers.Layer):
    """The same comparisons in a layer of a module AutoGraph converts stay silent (tfg203
    findings there are about what AutoGraph cannot convert)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.step = tf.Variable(0)

    @tf.function
    def bump(self, x):
        if self.step == 0:
            self.step.assign_add(1)
        return x
