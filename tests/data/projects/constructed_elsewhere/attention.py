"""Layers whose ``call`` makes a layer only under a constructor option, made only in blocks.py
(keras-hub's Flux attention and particleflow's KernelAttention have this shape): what blocks.py
passes decides whether graph code takes the branch."""
import tensorflow as tf


def project(x, rate=0.0):
    if rate > 0.0:
        return tf.keras.layers.Dense(4)(x)  # low: [variable-created-in-graph]
    return x


class Rated(tf.keras.layers.Layer):
    """Every construction leaves ``rate`` at 0.0 (by default, by keyword, by position)."""

    def __init__(self, rate=0.0):
        super(Rated, self).__init__()
        self.rate = rate

    def call(self, x):
        return project(x, rate=self.rate)


class Causal(tf.keras.layers.Layer):
    """Made without ``causal``: the windowed branch never runs."""

    def __init__(self, causal=False, **kwargs):
        super().__init__(**kwargs)
        self.causal = causal

    def call(self, x):
        if self.causal:
            x = tf.keras.layers.Dense(4)(x)  # low: [variable-created-in-graph]
        return x


class Switched(tf.keras.layers.Layer):
    """The twin blocks.py turns on (``Switched(causal=True)``)."""

    def __init__(self, causal=False):
        super().__init__()
        self.causal = causal

    def call(self, x):
        if self.causal:
            x = tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]
        return x


class Handed(tf.keras.layers.Layer):
    """The twin blocks.py hands over as a value: who makes it, with what, is not seen."""

    def __init__(self, causal=False):
        super().__init__()
        self.causal = causal

    def call(self, x):
        if self.causal:
            x = tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]
        return x


class Based(tf.keras.layers.Layer):
    """The twin blocks.py derives from: its subclass may set the option."""

    def __init__(self, causal=False):
        super().__init__()
        self.causal = causal

    def call(self, x):
        if self.causal:
            x = tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]
        return x


class Spread(tf.keras.layers.Layer):
    """The twin blocks.py makes with ``**options``: what it passes is not seen."""

    def __init__(self, causal=False):
        super().__init__()
        self.causal = causal

    def call(self, x):
        if self.causal:
            x = tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]
        return x
