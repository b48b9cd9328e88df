"""Python prints in both branches of a tensor `if` inside a tf.function, to see which one runs.

Source: https://github.com/tensorflow/tensorflow/issues/38555
Hazard: print() runs at trace time, for both branches, not when the graph runs.
"""
# category: decorated
import numpy as np
import tensorflow as tf


@tf.function
def bump(a):
    if a[0] > 3:
        print("first branch", a)  # [python-print-in-graph]
        a[0].assign(1)
    else:
        print("second branch", a)  # [python-print-in-graph]
        a[0].assign(2)
    return a


bump(tf.Variable(np.array([1, 2, 3])))
