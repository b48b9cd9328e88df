"""Fixed twin of tf38555_print_both_branches.py: tf.print runs with the branch that is taken.

Source: https://github.com/tensorflow/tensorflow/issues/38555 (use graph ops, e.g. tf.print / tf.cond)
"""
# category: decorated
import numpy as np
import tensorflow as tf


@tf.function
def bump(a):
    if a[0] > 3:
        tf.print("first branch", a)
        a[0].assign(1)
    else:
        tf.print("second branch", a)
        a[0].assign(2)
    return a


bump(tf.Variable(np.array([1, 2, 3])))
