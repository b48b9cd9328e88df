"""A top-k overlap metric function that returns dcount.numpy(), handed to compile(metrics=...).

Source: https://github.com/tensorflow/tensorflow/issues/39817
Hazard: metric functions run inside Keras' traced train_function: .numpy() raises AttributeError.
"""
# category: keras-callable
import tensorflow as tf


def topk_overlap(y_true, y_pred):
    pred_rank = tf.argsort(tf.nn.softmax(y_pred), axis=-1, direction="DESCENDING")[None, :10]
    true_rank = tf.argsort(tf.nn.softmax(y_true), axis=-1, direction="DESCENDING")[None, :10]
    common = tf.sparse.to_dense(tf.sets.intersection(pred_rank, true_rank))
    return common.numpy()  # [eager-only-call-in-graph]


model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
model.compile(optimizer="adam", loss="mse", metrics=[topk_overlap])
