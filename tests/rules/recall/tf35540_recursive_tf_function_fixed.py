"""Fixed twin of tf35540_recursive_tf_function.py: the recursion lives in a plain Python helper.

Source: https://github.com/tensorflow/tensorflow/issues/35540 (recurse in Python, trace once)
"""
# category: decorated
import tensorflow as tf


def descend_py(depth):
    if depth > 1:
        return tf.constant(depth)
    return descend_py(depth + 1)


@tf.function(autograph=False)
def descend():
    return descend_py(0)


descend()
