"""Keras 2's backend functions (``K.sum``, ``K.argmin`` ...) compute tensors.

keras-team/keras#4617 (https://github.com/keras-team/keras/issues/4617): a loss calls ``.eval()``
on ``K.argmin(...)`` to pick a particle in Python; compiled, the loss is traced and the tensor is
symbolic. The backend's settings and shape helpers (``K.epsilon()``, ``K.int_shape(x)``) answer
with Python values: NumPy on them is fine (twins, silent).
"""
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


def winner_take_all(y_true, y_pred):
    best = K.argmin(K.sum(K.abs(y_true - y_pred), axis=-1)).eval()  # [eager-only-call-in-graph]
    spread = np.sqrt(K.mean(K.square(y_pred)))  # [eager-only-call-in-graph]
    floor = np.float32(K.epsilon())
    rank = np.int64(len(K.int_shape(y_pred)))
    return K.abs(y_true - y_pred[:, best]) + spread + floor * rank


model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
model.compile(optimizer="adam", loss=winner_take_all)
