"""Fixed twin of tfx2861_confusion_matrix_metric.py: tf.argmax and an add_weight accumulator.

Source: https://github.com/tensorflow/tfx/issues/2861 (metric state must live in weights)
"""
# category: keras-subclass
import tensorflow as tf


class ConfusionMatrix(tf.keras.metrics.Metric):
    def __init__(self, name="ConfusionMatrix", num_classes=6, **kwargs):
        super().__init__(name=name, **kwargs)
        self.num_classes = num_classes
        self.matrix = self.add_weight(name="cm", shape=(num_classes, num_classes),
                                      initializer="zeros", dtype=tf.int32)

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = tf.argmax(y_true, axis=-1)
        preds = tf.argmax(y_pred, axis=-1)
        self.matrix.assign_add(tf.math.confusion_matrix(labels, preds, num_classes=self.num_classes))

    def result(self):
        return self.matrix

    def reset_state(self):
        self.matrix.assign(tf.zeros_like(self.matrix))
