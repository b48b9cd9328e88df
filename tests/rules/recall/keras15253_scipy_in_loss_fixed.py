"""Fixed twin of keras15253_scipy_in_loss.py: tf.math.xlogy works on tensors.

Source: https://github.com/keras-team/keras/issues/15253 (use TensorFlow ops inside losses)
"""
# category: keras-callable
import tensorflow as tf


def nll(y_true, y_pred):
    return -tf.math.xlogy(y_true, y_pred) - tf.math.xlogy(1 - y_true, 1 - y_pred)


model = tf.keras.applications.VGG16(weights=None, classes=3)
model.compile(optimizer=tf.keras.optimizers.SGD(1e-4, momentum=0.9), loss=nll)
