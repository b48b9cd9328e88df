"""Fixed twin of tf39817_metric_function_numpy.py: return a tensor (the overlap size).

Source: https://github.com/tensorflow/tensorflow/issues/39817 (metrics must return tensors)
"""
# category: keras-callable
import tensorflow as tf


def topk_overlap(y_true, y_pred):
    pred_rank = tf.argsort(tf.nn.softmax(y_pred), axis=-1, direction="DESCENDING")[None, :10]
    true_rank = tf.argsort(tf.nn.softmax(y_true), axis=-1, direction="DESCENDING")[None, :10]
    return tf.cast(tf.sets.size(tf.sets.intersection(pred_rank, true_rank)), tf.float32)


model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
model.compile(optimizer="adam", loss="mse", metrics=[topk_overlap])
