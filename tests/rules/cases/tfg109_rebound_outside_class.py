"""TFG109: a Keras method's attribute rebound by module code, not by a method of the class.

In the shape of keras-io examples/graph/gnn_citations.py at e4799e8c (lines 546-596, 684-690;
https://github.com/keras-team/keras-io/blob/e4799e8c9e6e0eb990f0ebfb197d88bf78ec0ae4/examples/graph/gnn_citations.py):
call() reads self.node_features, which module code rebinds after fit() and evaluate(). There the
next call is predict(), whose function is traced for the first time after the rebinding, so it
sees the new features: no hazard (Seen, below). Running evaluate() again instead reuses the test
function traced with the old features (TensorFlow 2.21 / Keras 3.15: the loss of the old features,
a hundredth of what the eager model gives). Reported: the same method called on the object before
and after the rebinding (Stale); a different one after it is traced anew (Seen: silent, as
gnn_citations.py itself, which stops at predict()).
"""
import numpy as np
import tensorflow as tf
from tensorflow import keras


class Seen(keras.Model):
    def __init__(self, node_features):
        super().__init__()
        self.node_features = node_features
        self.dense = keras.layers.Dense(1)

    def call(self, indices):
        return tf.gather(self.dense(self.node_features), indices)


class Stale(keras.Model):
    def __init__(self, node_features):
        super().__init__()
        self.node_features = node_features
        self.dense = keras.layers.Dense(1)

    def call(self, indices):
        return tf.gather(self.dense(self.node_features), indices)  # [mutable-attribute-capture]


x, y = np.arange(3), np.zeros((3, 1), np.float32)

seen = Seen(np.ones((3, 2), np.float32))
seen.compile(loss="mse", optimizer="sgd")
seen.fit(x, y, verbose=0)
seen.evaluate(x, y, verbose=0)
seen.node_features = np.full((4, 2), 10.0, np.float32)
seen.predict(np.arange(4), verbose=0)  # the first predict(): traced with the new features

stale = Stale(np.ones((3, 2), np.float32))
stale.compile(loss="mse", optimizer="sgd")
stale.fit(x, y, verbose=0)
stale.evaluate(x, y, verbose=0)
stale.node_features = np.full((3, 2), 10.0, np.float32)
stale.evaluate(x, y, verbose=0)  # the test function traced with the old features
