"""Retracing warnings: a new tf.function instance built on every request.

Source: https://ahjavid.github.io/technical-notes-blog/posts/tensorflow-retracing-optimization
Hazard: tf.function is applied inside the per-request function, so each call traces a fresh Function.
"""
# category: factory
import tensorflow as tf



def predict(model, batch):
    fn = tf.function(lambda x: model(x, training=False))  # [tf-function-in-loop]
    return fn(batch)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
for _ in range(5):
    predict(model, tf.zeros([2, 3]))
