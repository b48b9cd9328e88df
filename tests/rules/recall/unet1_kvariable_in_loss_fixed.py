"""Fixed twin of unet1_kvariable_in_loss.py: the weights are a constant built once.

Source: https://github.com/dhirajmaji7/Attention-Res-UNet-with-Guided-Decoder-for-Semantic-Segmentation-of-Brain-tumors/issues/1
(create the weights outside the loss; K.constant instead of K.variable)
"""
# category: keras-callable
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

CLASS_WEIGHTS = K.constant(np.array([0.1, 1.0, 2.0]))


def weighted_log_loss(y_true, y_pred):
    y_pred = K.clip(y_pred, K.epsilon(), 1 - K.epsilon())
    return -K.sum(y_true * K.log(y_pred) * CLASS_WEIGHTS, axis=-1)


def dice_loss(y_true, y_pred):
    return 1 - (2 * K.sum(y_true * y_pred) + 1) / (K.sum(y_true) + K.sum(y_pred) + 1)


def combined_loss(y_true, y_pred):
    return dice_loss(y_true, y_pred) + weighted_log_loss(y_true, y_pred)


model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss=combined_loss)
