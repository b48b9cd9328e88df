"""A custom Keras metric's Python counter counts traces of fit's step, not batches.

update_state runs inside the train function Keras compiles; ``self.batches += 1`` happens
while tracing only.
"""
# runtime: differs-from-eager
import numpy as np
import tensorflow as tf


class BatchCounter(tf.keras.metrics.Metric):
    def __init__(self):
        super().__init__(name="batches")
        self.batches = 0
        self.total = self.add_weight(name="total", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.batches += 1  # [python-state-mutation]
        self.total.assign_add(1.0)

    def result(self):
        return self.total


def main():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    counter = BatchCounter()
    model.compile(optimizer="sgd", loss="mse", metrics=[counter])
    x, y = np.ones((8, 2), "float32"), np.ones((8, 1), "float32")
    model.fit(x, y, batch_size=2, epochs=1, verbose=0)
    return counter.batches
