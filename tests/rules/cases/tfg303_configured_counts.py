"""TFG303: a count the constructor takes as ``int(n)`` with a small default is a configured
handful of updates, unrolled on purpose (LOW); a large default stays reported.

Shape of a GAN library's ``train_step`` that runs its configured number of discriminator and
generator updates per batch (held out 2026-11-28): ``self._d_steps = int(d_steps)`` in its
``compile``, which takes a Keras model's configuration as ``__init__`` does. A plain method's default
says nothing of what its callers pass.
"""
import tensorflow as tf


class Adversarial(tf.keras.Model):
    def __init__(self, d_steps=1, g_steps=2, inner_steps=200):
        super().__init__()
        self._d_steps = int(d_steps)
        self._g_steps = int(g_steps)
        self._inner_steps = int(inner_steps)
        self.dense = tf.keras.layers.Dense(1)

    def train_step(self, data):
        x = data
        for _ in range(self._d_steps):  # low: [python-range-loop]
            x = self.dense(x)
        for _ in range(self._g_steps):  # low: [python-range-loop]
            x = self.dense(x) * 2.0
        for _ in range(self._inner_steps):  # [python-range-loop]
            x = self.dense(x) + 1.0
        return {"x": tf.reduce_mean(x)}


class Configured(tf.keras.Model):
    def compile(self, d_steps=1, **kwargs):
        super().compile(**kwargs)
        self._d_steps = int(d_steps)

    def set_steps(self, n=1):
        self._n = int(n)

    def train_step(self, data):
        x = data
        for _ in range(self._d_steps):  # low: [python-range-loop]
            x = x * 2.0
        # +1: [python-range-loop]
        for _ in range(self._n):  # low: [mutable-attribute-capture]
            x = x + 1.0
        return {"x": tf.reduce_mean(x)}
