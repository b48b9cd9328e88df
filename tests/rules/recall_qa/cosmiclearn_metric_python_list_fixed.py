"""Fixed twin of cosmiclearn_metric_python_list.py: sum and count kept in add_weight state.

Source: https://mail.cosmiclearn.com/tensorflow/custom-metrics.php (state variables from add_weight)
"""
# category: keras-subclass
import tensorflow as tf



class MeanBatchScore(tf.keras.metrics.Metric):
    def __init__(self, name="mean_batch_score"):
        super().__init__(name=name)
        self.total = self.add_weight(name="total", initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(tf.reduce_mean(y_pred))
        self.count.assign_add(1.0)

    def result(self):
        return self.total / self.count
