"""A per-class metric whose update_state loops over range(num_classes): a monstrously large graph.

Source: https://lukewood.xyz/blog/to-unroll-or-to-not-unroll/
Hazard: update_state is traced by Keras; the Python range loop is unrolled once per class id.
"""
# category: keras-subclass
import tensorflow as tf



class PerClassHits(tf.keras.metrics.Metric):
    def __init__(self, num_classes=1000, name="per_class_hits"):
        super().__init__(name=name)
        self.num_classes = num_classes
        self.hits = self.add_weight(name="hits", shape=(num_classes,), initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        for c in range(self.num_classes):  # todo: [python-range-loop]
            match = tf.reduce_sum(tf.cast(tf.equal(y_pred, c), tf.float32))
            self.hits[c].assign(self.hits[c] + match)

    def result(self):
        return tf.reduce_sum(self.hits)
