"""TFG304 on loops over Python data whose body makes no graph op.

A test's stand-in detector builds a row of class probabilities per label in a Python list and
makes one tf.constant of the whole list after the loop: unrolling the loop copies nothing into the
graph (silent). Twins: the same loop making a tensor per label, and one reading an attribute that
may hold a tensor, stay reported.
"""
import tensorflow as tf

LABELS = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]


class StandInDetector(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(1.0)

    def call(self, x):
        classes = 20
        rows = []
        for label in LABELS:
            row = [0.99 if i == label else 0.01 for i in range(classes)]
            rows.append(row)
        probabilities = tf.constant([rows], dtype=tf.float32)
        tensors = []
        for label in LABELS:  # [python-loop-over-data]
            tensors.append(tf.one_hot(label, classes))
        scaled = []
        for label in LABELS:  # [python-loop-over-data]
            scaled.append(label * self.scale)
        return x + probabilities + tf.stack(tensors) + tf.stack(scaled)
