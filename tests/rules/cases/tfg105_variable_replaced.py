"""A variable attribute rebound in graph code to arithmetic on it is replaced by a symbolic tensor,
never updated. Shape of ComplexBatchNormalization.call in
https://github.com/NEGU93/cvnn/commit/95c2ea957841c070b1b68a4900ffcc3a00287834 (moving statistics
rebound instead of assigned)."""
import tensorflow as tf


class MovingNorm(tf.keras.layers.Layer):
    def __init__(self, momentum=0.99, **kwargs):
        super().__init__(**kwargs)
        self.momentum = momentum

    def build(self, input_shape):
        self.moving_mean = tf.Variable(tf.zeros(input_shape[-1:]), trainable=False)
        self.moving_var = self.add_weight(name="moving_var", shape=input_shape[-1:], trainable=False)

    def call(self, inputs, training=None):
        mean, var = tf.nn.moments(inputs, axes=[0])
        if training:
            self.moving_mean = self.moving_mean * self.momentum + mean * (1.0 - self.momentum)  # [python-state-mutation]
            self.moving_var = self.moving_var * self.momentum + var * (1.0 - self.momentum)  # [python-state-mutation]
        return (inputs - self.moving_mean) / tf.sqrt(self.moving_var + 1e-3)


class AssignedNorm(tf.keras.layers.Layer):
    """Twin: the variable is updated with assign: silent."""

    def build(self, input_shape):
        self.moving_mean = tf.Variable(tf.zeros(input_shape[-1:]), trainable=False)

    def call(self, inputs, training=None):
        mean = tf.reduce_mean(inputs, axis=0)
        self.moving_mean.assign(self.moving_mean * 0.99 + mean * 0.01)
        return inputs - self.moving_mean


@tf.function
def step(layer, x):
    return layer(x, training=True)
