"""A tf.function gets a parameter of its caller, which a loop calls with the loop variable: one
graph per value, one level up (item 3).

In the shape of real training code: ``fit_one(self, index)`` passes ``index`` on to the traced
step, and ``fit`` calls ``fit_one`` per epoch with the epoch number.
"""
# runtime: retraces _train_step >= 4
import tensorflow as tf


class Trainer:
    def __init__(self):
        self.w = tf.Variable(1.0)

    @tf.function
    def _train_step(self, x, index):
        return x * self.w + tf.cast(index, tf.float32)

    def fit_one(self, x, index):
        return self._train_step(x, index)  # [python-scalar-argument]

    def fit(self, x, epochs):
        losses = []
        for epoch in range(epochs):
            losses.append(float(self.fit_one(x, epoch)))
        return losses


def main():
    return Trainer().fit(tf.constant(1.0), 4)
