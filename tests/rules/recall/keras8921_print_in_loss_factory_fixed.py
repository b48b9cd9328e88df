"""Fixed twin of keras8921_print_in_loss_factory.py: the extra term is reported as a metric.

Source: https://github.com/keras-team/keras/issues/8921 (log it through Keras, e.g. add_metric / tf.print)
"""
# category: keras-callable
import tensorflow as tf
from tensorflow.keras import backend as K


def darc1_loss(intermediate, lamb=0.01):
    def _loss(y_true, y_pred):
        base = K.categorical_crossentropy(y_true, y_pred)
        extra = lamb * K.max(K.sum(K.abs(intermediate), axis=0))
        tf.print("darc1 term:", extra)
        return base + extra
    return _loss


inputs = tf.keras.Input((8,))
hidden = tf.keras.layers.Dense(16)(inputs)
outputs = tf.keras.layers.Dense(3, activation="softmax")(hidden)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=darc1_loss(hidden))
