"""Fixed twin of lukewood_metric_range_over_classes.py: tf.range keeps one loop in the graph.

Source: https://lukewood.xyz/blog/to-unroll-or-to-not-unroll/ (the two-character fix: tf.range)
"""
# category: keras-subclass
import tensorflow as tf



class PerClassHits(tf.keras.metrics.Metric):
    def __init__(self, num_classes=1000, name="per_class_hits"):
        super().__init__(name=name)
        self.num_classes = num_classes
        self.hits = self.add_weight(name="hits", shape=(num_classes,), initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        pred = tf.cast(tf.reshape(y_pred, [-1]), tf.int32)
        counts = tf.math.bincount(pred, minlength=self.num_classes, maxlength=self.num_classes)
        self.hits.assign_add(tf.cast(counts, tf.float32))

    def result(self):
        return tf.reduce_sum(self.hits)
