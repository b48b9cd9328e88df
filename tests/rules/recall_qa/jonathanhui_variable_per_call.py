"""Eager vs graph: a tf.function that builds its tf.Variable on each call.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1
Hazard: variable creation in the traced body: works eagerly, raises once the function is traced again.
"""
# category: decorated
import tensorflow as tf


@tf.function
def scale(x):
    factor = tf.Variable(3.0)  # [variable-created-in-graph]
    return x * factor
