"""Fixed twin of keras4075_keval_shape_in_loss.py: tf.print of tf.shape at run time.

Source: https://github.com/keras-team/keras/issues/4075 (the shape is only known when the graph runs)
"""
# category: tf1-style
import tensorflow as tf
from tensorflow.keras import backend as K


def custom_loss(y_true, y_pred):
    tf.print("batch shape:", tf.shape(y_true))
    return K.mean(K.square(y_true - y_pred), axis=-1)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=custom_loss)
