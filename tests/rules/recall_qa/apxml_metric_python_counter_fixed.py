"""Fixed twin of apxml_metric_python_counter.py: state kept in add_weight variables, updated with assign_add.

Source: https://apxml.com/courses/advanced-tensorflow/chapter-4-advanced-api-custom-components/custom-metrics (create state with add_weight)
"""
# category: keras-subclass
import tensorflow as tf



class PositiveRate(tf.keras.metrics.Metric):
    def __init__(self, name="positive_rate"):
        super().__init__(name=name)
        self.batches = self.add_weight(name="batches", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.batches.assign_add(1.0)

    def result(self):
        return self.batches
