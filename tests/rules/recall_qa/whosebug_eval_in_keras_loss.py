"""A Keras custom loss that tries to read y_pred as a NumPy array with .eval().

Source: https://whosebug.com/question/3641198/Implementing-custom-loss-function-in-keras-with-condition
Hazard: the loss is traced into the training graph; .eval() needs a TF1 session and fails on a symbolic tensor.
"""
# category: tf1-style
import tensorflow as tf



def pair_loss(y_true, y_pred):
    values = y_pred.eval()  # [eager-only-call-in-graph]
    return tf.reduce_sum(tf.constant(values) - y_true)


model = tf.keras.Sequential([tf.keras.layers.Dense(8)])
model.compile(optimizer="adam", loss=pair_loss)
