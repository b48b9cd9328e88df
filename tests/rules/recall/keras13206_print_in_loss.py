"""Debugging a custom loss passed to compile() with print().

Source: https://github.com/keras-team/keras/issues/13206
Hazard: the loss is traced into the train function; print() runs once and shows symbolic tensors.
"""
# category: keras-callable
import tensorflow as tf


def my_loss(y_true, y_pred):
    diff = tf.abs(y_true - y_pred)
    print("diff:", diff)  # [python-print-in-graph]
    return tf.reduce_mean(diff, axis=-1)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=my_loss)
