"""Annealing a loss weight: a callback rebinds a module-level alpha that the loss reads.

Source: https://github.com/keras-team/keras/issues/3155
Hazard: alpha is a Python float captured when the train function is traced; the callback's
later rebinding never reaches the graph.
"""
# category: keras-callable
import tensorflow as tf
from tensorflow.keras import backend as K

alpha = 1.0


def weighted_bce(y_true, y_pred):
    return alpha * K.mean(K.binary_crossentropy(y_true, y_pred), axis=-1)  # [mutable-global-capture]


class AnnealAlpha(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        global alpha
        alpha = 1.0 * 0.95 ** epoch


model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=weighted_bce)
