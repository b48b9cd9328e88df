"""Building the Keras model inside the tf.function that runs it.

Source: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong
Hazard: the Sequential model (and its weights) is constructed in the traced body, again on every trace.
"""
# category: decorated
import tensorflow as tf


@tf.function
def predict(x):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])  # [variable-created-in-graph]
    return model(x)
