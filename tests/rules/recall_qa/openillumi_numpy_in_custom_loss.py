"""Cannot convert a symbolic Tensor to a numpy array: NumPy calls inside a Keras custom loss.

Source: https://openillumi.com/?p=12077
Hazard: the loss runs on symbolic tensors inside the train function; np.* on them fails (or freezes a constant).
"""
# category: keras-callable
import numpy as np
import tensorflow as tf



def weighted_mse(y_true, y_pred):
    err = np.square(y_true - y_pred)  # [eager-only-call-in-graph]
    return tf.reduce_mean(err)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=weighted_mse)
