"""Fixed twin of codegenes_model_built_in_step.py: the model is built once at module level.

Source: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong (build the model outside and capture it)
"""
# category: decorated
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])


@tf.function
def predict(x):
    return model(x)
