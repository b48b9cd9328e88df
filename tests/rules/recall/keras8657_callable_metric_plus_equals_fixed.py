"""Fixed twin of keras8657_callable_metric_plus_equals.py: a Metric subclass with a weight.

Source: https://github.com/keras-team/keras/issues/8657 (stateful metrics; today tf.keras.metrics.Metric)
"""
# category: keras-callable
import tensorflow as tf


class TruePositives(tf.keras.metrics.Metric):
    def __init__(self, threshold=0.5, **kwargs):
        super().__init__(name="true_positives", **kwargs)
        self.threshold = threshold
        self.count = self.add_weight(name="tp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        hits = tf.cast(y_pred[:, 1] >= self.threshold, tf.float32) * y_true[:, 1]
        self.count.assign_add(tf.reduce_sum(hits))

    def result(self):
        return self.count


model = tf.keras.Sequential([tf.keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=[TruePositives()])
