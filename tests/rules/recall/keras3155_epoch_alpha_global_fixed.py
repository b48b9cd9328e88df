"""Fixed twin of keras3155_epoch_alpha_global.py: alpha is a backend variable set by the callback.

Source: https://github.com/keras-team/keras/issues/3155 (answer: K.variable + K.set_value in a Callback)
"""
# category: keras-callable
import tensorflow as tf
from tensorflow.keras import backend as K

alpha = K.variable(1.0)


def weighted_bce(y_true, y_pred):
    return alpha * K.mean(K.binary_crossentropy(y_true, y_pred), axis=-1)


class AnnealAlpha(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        K.set_value(alpha, 1.0 * 0.95 ** epoch)


model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=weighted_bce)
