"""Fixed twin of epitome43_predict_step_per_call.py: one Function, made in __init__.

Source: https://github.com/YosefLab/epitome/issues/43 (define the tf.function once, outside the call)
"""
# category: factory
import tensorflow as tf


class PeakModel:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        self.predict_step = tf.function(self._predict_step)

    def _predict_step(self, x):
        return tf.sigmoid(self.model(x))

    def run_predictions(self, batches):
        return [self.predict_step(x) for x in batches]


peaks = PeakModel()
for chunk in range(9):
    peaks.run_predictions([tf.zeros([2, 3])])
