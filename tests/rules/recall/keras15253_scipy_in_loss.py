"""A negative log-likelihood loss written with scipy.special.xlogy, passed to compile().

Source: https://github.com/keras-team/keras/issues/15253
Hazard: the loss runs traced on symbolic tensors; SciPy/NumPy functions cannot convert them
("Cannot convert a symbolic Tensor to a numpy array").
"""
# category: keras-callable
import tensorflow as tf
from scipy import special


def nll(y_true, y_pred):
    loss = -special.xlogy(y_true, y_pred) - special.xlogy(1 - y_true, 1 - y_pred)  # [eager-only-call-in-graph]
    return loss


model = tf.keras.applications.VGG16(weights=None, classes=3)
model.compile(optimizer=tf.keras.optimizers.SGD(1e-4, momentum=0.9), loss=nll)
