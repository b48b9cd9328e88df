"""A decorated method asks a helper method about a NumPy counter that grows between calls.

Source: https://github.com/tensorflow/tensorflow/issues/59475
Hazard: self.sum_func() reads self.counter, a Python value frozen at the first trace, so the
flag never turns True and the loop never ends.
"""
# category: helper
import numpy as np
import tensorflow as tf


class Trainer:
    def __init__(self):
        self.counter = None

    def reached_end(self):
        return np.sum(self.counter) == 1875  # [mutable-attribute-capture]

    @tf.function
    def check(self):
        return self.reached_end()

    def run(self):
        for i in range(1875):
            self.counter = np.ones(i + 1)
            if self.check():
                return
