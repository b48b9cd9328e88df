"""A function with an input_signature that builds its Dense layers in its own body.

Source: https://theneuralbase.com/tensorflow/learn/intermediate/signature-definitions/
Hazard: the traced body constructs new Keras layers (new variables) on each trace.
"""
# category: decorated
import tensorflow as tf



def head(x):
    x = tf.keras.layers.Dense(16, activation="relu")(x)  # [variable-created-in-graph]
    return tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]


serving = tf.function(head, input_signature=[tf.TensorSpec([None, 8], tf.float32)])
