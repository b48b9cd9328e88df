"""Fixed twin of keras4617_eval_in_loss.py: select the best particle with tensor ops.

Source: https://github.com/keras-team/keras/issues/4617 (keep everything symbolic: min over particles)
"""
# category: tf1-style
import tensorflow as tf
from tensorflow.keras import backend as K

NUM_PARTICLES = 4


def winner_take_all_loss(y_true, y_pred):
    errors = K.sum(K.abs(y_true[:, None, :] - y_pred), axis=-1)
    return K.min(errors, axis=-1)


model = tf.keras.Sequential([tf.keras.layers.Reshape((NUM_PARTICLES, 2))])
model.compile(optimizer="adam", loss=winner_take_all_loss)
