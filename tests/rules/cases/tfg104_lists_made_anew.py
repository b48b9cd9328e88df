"""TFG104: a list that a traced method makes anew from a display, whatever it holds
(``self.parts = [self.out(x)]``), then fills and reads within the same trace, and that only graph
code reads, is scratch of the trace: LOW (on TF 2.21 each call sums the current heads, one trace).
The twins stay reported: the same list read by code outside the trace, and a list made once in
``__init__`` that each trace extends.
"""
import tensorflow as tf


class Summed(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.heads = [tf.keras.layers.Dense(2) for _ in range(3)]
        self.out = tf.keras.layers.Dense(2)

    def call(self, x):
        self.parts = [self.out(x)]
        self.parts += [head(x) for head in self.heads]  # low: [outer-collection-mutation]
        return tf.add_n(self.parts)


class Reported(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.heads = [tf.keras.layers.Dense(2) for _ in range(3)]
        self.out = tf.keras.layers.Dense(2)

    def call(self, x):
        self.pieces = [self.out(x)]
        self.pieces += [head(x) for head in self.heads]  # [outer-collection-mutation]
        return tf.add_n(self.pieces)


def count_pieces(model):
    return len(model.pieces)


class Accumulates(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.out = tf.keras.layers.Dense(2)
        self.seen = [0.0]

    def call(self, x):
        self.seen += [self.out(x)]  # [outer-collection-mutation]
        return x
