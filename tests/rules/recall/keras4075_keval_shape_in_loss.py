"""Printing K.eval(K.shape(y_true)) inside a custom loss to inspect the batch shape.

Source: https://github.com/keras-team/keras/issues/4075
Hazard: K.eval needs a concrete value; inside the traced loss y_true is symbolic (and print runs once).
"""
# category: tf1-style
import tensorflow as tf
from tensorflow.keras import backend as K


def custom_loss(y_true, y_pred):
    print("Reached")  # [python-print-in-graph]
    print(K.eval(K.shape(y_true)))  # [python-print-in-graph, eager-only-call-in-graph]
    return K.mean(K.square(y_true - y_pred), axis=-1)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=custom_loss)
