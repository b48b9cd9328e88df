"""Fixed twin of jonathanhui_variable_per_call.py: the variable is created once and captured.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1 (create it once, outside)
"""
# category: decorated
import tensorflow as tf

factor = tf.Variable(3.0)


@tf.function
def scale(x):
    return x * factor
