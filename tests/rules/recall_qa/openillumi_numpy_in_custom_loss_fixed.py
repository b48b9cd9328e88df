"""Fixed twin of openillumi_numpy_in_custom_loss.py: tf.* ops instead of np.*.

Source: https://openillumi.com/?p=12077 (use tf.* or keras.backend ops)
"""
# category: keras-callable
import numpy as np
import tensorflow as tf



def weighted_mse(y_true, y_pred):
    err = tf.square(y_true - y_pred)
    return tf.reduce_mean(err)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=weighted_mse)
