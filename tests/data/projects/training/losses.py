import tensorflow as tf


def make_weights():
    return tf.Variable(1.0)  # [variable-created-in-graph]


def noisy_loss(y_true, y_pred):
    print("loss of", y_pred)  # [python-print-in-graph]
    return tf.reduce_mean(tf.square(y_true - y_pred))


def unused_loss(y_true, y_pred):
    print("never handed to Keras")  # eager code only: silent
    return y_true - y_pred
