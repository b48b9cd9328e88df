"""Fixed twin of whosebug_eval_in_keras_loss.py: the distance is written with tensor ops.

Source: https://whosebug.com/question/3641198/Implementing-custom-loss-function-in-keras-with-condition (express the loss with tensor ops)
"""
# category: tf1-style
import tensorflow as tf



def pair_loss(y_true, y_pred):
    return tf.reduce_sum(y_pred - y_true)


model = tf.keras.Sequential([tf.keras.layers.Dense(8)])
model.compile(optimizer="adam", loss=pair_loss)
