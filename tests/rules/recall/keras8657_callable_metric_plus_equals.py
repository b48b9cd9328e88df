"""A stateful true-positive metric object whose __call__ adds the batch count to an attribute.

Source: https://github.com/keras-team/keras/issues/8657
Hazard: `self.true_positives += tp` does not update the variable on every batch: under TF 1 it
rebound a Python attribute while the metric was traced; a TF 2 tf.Variable raises RuntimeError.
"""
# category: keras-callable
import tensorflow as tf
from tensorflow.keras import backend as K


class TruePositives:
    def __init__(self, threshold=0.5):
        self.__name__ = "true_positives"
        self.threshold = threshold
        self.true_positives = K.variable(0.0)

    def __call__(self, y_true, y_pred):
        hits = K.cast(y_pred[:, 1] >= self.threshold, "float32") * y_true[:, 1]
        self.true_positives += K.sum(hits)  # [python-state-mutation]
        return self.true_positives


model = tf.keras.Sequential([tf.keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=[TruePositives()])
