"""A custom Keras metric that accumulates in plain Python attributes instead of add_weight state.

Source: https://apxml.com/courses/advanced-tensorflow/chapter-4-advanced-api-custom-components/custom-metrics
Hazard: update_state is traced inside fit(); the Python += runs only at trace time, so the metric counts once.
"""
# category: keras-subclass
import tensorflow as tf



class PositiveRate(tf.keras.metrics.Metric):
    def __init__(self, name="positive_rate"):
        super().__init__(name=name)
        self.batches = 0

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.batches += 1  # [python-state-mutation]

    def result(self):
        return tf.constant(float(self.batches))
