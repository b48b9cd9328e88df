"""A streaming metric that keeps per-batch scores in a Python list.

Source: https://mail.cosmiclearn.com/tensorflow/custom-metrics.php
Hazard: update_state is traced: the list gets one symbolic tensor at trace time, not one value per batch.
"""
# category: keras-subclass
import tensorflow as tf



class MeanBatchScore(tf.keras.metrics.Metric):
    def __init__(self, name="mean_batch_score"):
        super().__init__(name=name)
        self.scores = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.scores.append(tf.reduce_mean(y_pred))  # [outer-collection-mutation]

    def result(self):
        return tf.reduce_mean(tf.stack(self.scores))
