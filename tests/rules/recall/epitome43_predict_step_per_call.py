"""A prediction method that defines its @tf.function step afresh on every call.

Source: https://github.com/YosefLab/epitome/issues/43
Hazard: a new Function per run_predictions call never reuses its traces
("9 out of the last 9 calls ... triggered tf.function retracing").
"""
# category: factory
import tensorflow as tf


class PeakModel:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.layers.Dense(1)])

    def run_predictions(self, batches):
        @tf.function  # [tf-function-in-loop]
        def predict_step(x):
            return tf.sigmoid(self.model(x))

        return [predict_step(x) for x in batches]


peaks = PeakModel()
for chunk in range(9):
    peaks.run_predictions([tf.zeros([2, 3])])
