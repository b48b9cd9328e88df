"""Fixed twin of codegenes_variable_in_step.py: the variable is created once, outside the function.

Source: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong (create the variable outside the tf.function)
"""
# category: decorated
import tensorflow as tf

total = tf.Variable(0.0)


@tf.function
def accumulate(x):
    total.assign_add(tf.reduce_sum(x))
    return total
