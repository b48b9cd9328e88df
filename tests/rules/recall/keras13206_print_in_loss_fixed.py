"""Fixed twin of keras13206_print_in_loss.py: tf.print runs on every batch.

Source: https://github.com/keras-team/keras/issues/13206 (use a graph print op such as tf.print)
"""
# category: keras-callable
import tensorflow as tf


def my_loss(y_true, y_pred):
    diff = tf.abs(y_true - y_pred)
    tf.print("diff:", diff)
    return tf.reduce_mean(diff, axis=-1)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=my_loss)
