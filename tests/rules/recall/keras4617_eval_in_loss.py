"""A winner-take-all loss that calls .eval() on the argmin to choose the particle in Python.

Source: https://github.com/keras-team/keras/issues/4617
Hazard: TF1-style .eval() of a symbolic tensor inside a compiled loss, then a Python `if` on it.
"""
# category: tf1-style
import tensorflow as tf
from tensorflow.keras import backend as K

NUM_PARTICLES = 4


def winner_take_all_loss(y_true, y_pred):
    errors = [K.sum(K.abs(y_true - y_pred[:, p, :])) for p in range(NUM_PARTICLES)]
    best = K.argmin(K.stack(errors)).eval()  # [eager-only-call-in-graph]
    return K.abs(y_true - y_pred[:, best, :])


model = tf.keras.Sequential([tf.keras.layers.Reshape((NUM_PARTICLES, 2))])
model.compile(optimizer="adam", loss=winner_take_all_loss)
