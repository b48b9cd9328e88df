"""Fixed twin of openillumi_tf_function_defined_in_loop.py: one Function, defined once, reused.

Source: https://openillumi.com/en/en-fix-tf-function-retracing-warning (define the function once, outside the loop)
"""
# category: factory
import tensorflow as tf


model = tf.keras.Sequential([tf.keras.layers.Dense(2)])


@tf.function
def infer(x):
    return model(x, training=False)


for batch in [tf.zeros([1, 3]), tf.ones([1, 3])]:
    infer(batch)
