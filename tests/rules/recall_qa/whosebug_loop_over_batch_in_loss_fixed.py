"""Fixed twin of whosebug_loop_over_batch_in_loss.py: a vectorised distance over the whole batch.

Source: https://whosebug.com/question/3641198/Implementing-custom-loss-function-in-keras-with-condition (vectorise over the batch)
"""
# category: keras-callable
import tensorflow as tf



def pair_loss(y_true, y_pred):
    return tf.reduce_sum(tf.norm(y_pred - y_true, axis=-1))


model = tf.keras.Sequential([tf.keras.layers.Dense(8)])
model.compile(optimizer="adam", loss=pair_loss)
