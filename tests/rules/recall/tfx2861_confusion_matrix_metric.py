"""A confusion-matrix Keras Metric that argmaxes with NumPy, prints and keeps a Python attribute.

Source: https://github.com/tensorflow/tfx/issues/2861
Hazard: update_state runs traced: print fires once, np.argmax cannot take symbolic tensors, and
self.matrix is rebound to a graph tensor instead of accumulating.
"""
# category: keras-subclass
import numpy as np
import tensorflow as tf


class ConfusionMatrix(tf.keras.metrics.Metric):
    def __init__(self, name="ConfusionMatrix", **kwargs):
        super().__init__(name=name, **kwargs)
        self.num_classes = 6
        self.matrix = None

    def update_state(self, y_true, y_pred, sample_weight=None):
        print("UPDATE")  # [python-print-in-graph]
        labels = np.argmax(y_true, axis=-1)  # [eager-only-call-in-graph]
        preds = np.argmax(y_pred, axis=-1)  # [eager-only-call-in-graph]
        self.matrix = tf.math.confusion_matrix(labels, preds, num_classes=self.num_classes)  # [python-state-mutation]

    def result(self):
        return self.matrix
