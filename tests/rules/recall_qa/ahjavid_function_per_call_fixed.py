"""Fixed twin of ahjavid_function_per_call.py: the tf.function is created once and reused.

Source: https://ahjavid.github.io/technical-notes-blog/posts/tensorflow-retracing-optimization (create the Function once)
"""
# category: factory
import tensorflow as tf


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
serve = tf.function(lambda x: model(x, training=False))


def predict(batch):
    return serve(batch)


for _ in range(5):
    predict(tf.zeros([2, 3]))
