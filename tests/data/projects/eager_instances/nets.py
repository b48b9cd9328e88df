"""Keras models other files make: one only ever called eagerly (in a replay function and an
evaluation loop), whose hazards are LOW, and twins another file traces, fits, wraps or calls
while building a functional model on ``keras.Input``."""
import tensorflow as tf


class Block(tf.keras.layers.Layer):
    """Held by Policy, so run as Policy runs: only eagerly."""

    def call(self, x):
        print("block", x)  # low: [python-print-in-graph]
        return x


class Policy(tf.keras.Model):
    def __init__(self, actions):
        super().__init__()
        self.block = Block()
        self.head = tf.keras.layers.Dense(actions)

    def call(self, x):
        batch = x.shape[0]  # low: [unknown-static-dimension]
        hidden = tf.keras.layers.Dense(8)(self.block(x))  # low: [variable-created-in-graph]
        return tf.reshape(self.head(hidden), (batch, -1))


class Critic(tf.keras.Model):
    """Called in learner.py's tf.function."""

    def call(self, x):
        return tf.keras.layers.Dense(1)(x)  # [variable-created-in-graph]


class Predicted(tf.keras.Model):
    """Called eagerly in evaluate.py, and run by predict in predict.py, a file with no graph code of its own."""

    def call(self, x):
        return tf.keras.layers.Dense(1)(x)  # [variable-created-in-graph]


class Wrapped(tf.keras.Model):
    """Handed to tf.function in serve.py."""

    def call(self, x):
        return tf.keras.layers.Dense(1)(x)  # [variable-created-in-graph]


class Head(tf.keras.layers.Layer):
    """Called on keras.Input while functional.py builds a model."""

    def call(self, x):
        return tf.keras.layers.Dense(1)(x)  # [variable-created-in-graph]
