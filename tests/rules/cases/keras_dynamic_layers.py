"""A Keras layer built with dynamic=True runs eagerly under tf.keras 2's fit (and Keras 3 refuses
the argument): what would fail while tracing its call is LOW; the same layer without it, or with
dynamic=False, stays reported. In the shape of a conditional neural process's encoder. Passed
fourth to Layer, or as a parameter __init__ asserts, it counts too; a parameter a caller may set
False, or True fourth to a built-in layer (another signature), does not."""
import tensorflow as tf


class Encoder(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__(dynamic=True)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # low: [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, points, -1))


class DeeperEncoder(Encoder):
    def call(self, x):
        batch, points = tf.shape(x)  # low: [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, -1))


class StaticEncoder(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__(dynamic=False)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, points, -1))


class PlainEncoder(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return tf.reshape(self.dense(x), (batch, points, -1))

    @tf.function
    def traced_step(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return batch


class PositionalEncoder(tf.keras.layers.Layer):
    """dynamic fourth, where Layer.__init__(trainable, name, dtype, dynamic) takes it."""

    def __init__(self, units):
        super().__init__(True, None, None, True)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # low: [tensor-used-as-python-value]
        return batch


class AssertedEncoder(tf.keras.layers.Layer):
    """A parameter defaulting to True that __init__ asserts: no instance is made unless it is true."""

    def __init__(self, units, dynamic=True):
        assert dynamic, "works only in eager mode"
        super().__init__(dynamic=dynamic)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # low: [tensor-used-as-python-value]
        return batch


class DefaultedEncoder(tf.keras.layers.Layer):
    """The same parameter, not asserted: a caller may pass dynamic=False."""

    def __init__(self, units, dynamic=True):
        super().__init__(dynamic=dynamic)
        self.dense = tf.keras.layers.Dense(units)

    def call(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return batch


class WideDense(tf.keras.layers.Dense):
    """True fourth to Dense is its kernel_initializer, not dynamic."""

    def __init__(self):
        super().__init__(8, None, True, True)

    def call(self, x):
        batch, points = tf.shape(x)  # [tensor-used-as-python-value]
        return batch
