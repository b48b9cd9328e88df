"""tf.function-decorated function tried to create variables on non-first call.

Source: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong
Hazard: a tf.Variable built in the function body: every trace creates a new one, which raises.
"""
# category: decorated
import tensorflow as tf


@tf.function
def accumulate(x):
    total = tf.Variable(0.0)  # [variable-created-in-graph]
    total.assign_add(tf.reduce_sum(x))
    return total
