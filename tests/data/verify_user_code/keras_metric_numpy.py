"""A metric passed to compile() that calls NumPy on y_pred fails once Keras traces it.

In the shape of https://github.com/tensorflow/tensorflow/issues/39817: NumPy needs concrete values,
and the train step Keras traces has only symbolic tensors.
"""
# runtime: raises NotImplementedError
import numpy as np
import tensorflow as tf


def mean_prediction(y_true, y_pred):
    return np.mean(y_pred)  # [eager-only-call-in-graph]


def main():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse", metrics=[mean_prediction])
    x = np.ones((4, 2), dtype="float32")
    model.fit(x, np.zeros((4, 1), dtype="float32"), batch_size=2, epochs=1, verbose=0)
