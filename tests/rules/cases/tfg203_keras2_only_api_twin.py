"""TFG203: a module whose own attribute is called `estimator`, and whose optimizer only uses
`scale_loss` (Keras 3's LossScaleOptimizer), says nothing of Keras 2: the call still fires."""
import tensorflow as tf


class SelfAttention(tf.keras.layers.Layer):
    def call(self, inputs):
        if len(tf.shape(inputs)) == 3:  # [tensor-used-as-python-value]
            inputs = tf.reduce_mean(inputs, axis=1)
        return inputs


class Trainer:
    def __init__(self, estimator, optimizer):
        self.estimator = estimator
        self.optimizer = optimizer

    def loss(self, x):
        return self.optimizer.scale_loss(self.estimator(SelfAttention()(x)))
