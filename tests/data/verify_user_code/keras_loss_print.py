"""A loss passed to compile() prints while Keras traces its train step, not per batch.

In the shape of https://github.com/keras-team/keras/issues/13206: the user debugs a custom loss
with print(); fit() calls it inside the train function it traces, so it prints once.
"""
# runtime: differs-from-eager
import numpy as np
import tensorflow as tf


def noisy_loss(y_true, y_pred):
    print("loss called")  # [python-print-in-graph]
    return tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)


def main():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss=noisy_loss)
    x = np.ones((8, 2), dtype="float32")
    model.fit(x, np.zeros((8, 1), dtype="float32"), batch_size=2, epochs=1, verbose=0)
