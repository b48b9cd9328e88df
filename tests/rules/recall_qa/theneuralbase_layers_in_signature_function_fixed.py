"""Fixed twin of theneuralbase_layers_in_signature_function.py: the layers are made once, outside the traced function.

Source: https://theneuralbase.com/tensorflow/learn/intermediate/signature-definitions/ (build the layers once and close over them)
"""
# category: decorated
import tensorflow as tf


hidden = tf.keras.layers.Dense(16, activation="relu")
out = tf.keras.layers.Dense(4)


def head(x):
    return out(hidden(x))


serving = tf.function(head, input_signature=[tf.TensorSpec([None, 8], tf.float32)])
