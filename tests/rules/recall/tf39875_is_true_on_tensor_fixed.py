"""Fixed twin of tf39875_is_true_on_tensor.py: branch on the boolean tensor itself.

Source: https://github.com/tensorflow/tensorflow/issues/39875 (maintainer: use `if is_zero:`)
"""
# category: decorated
import tensorflow as tf


@tf.function
def check_zero(data):
    return data == 0


@tf.function
def report(a):
    is_zero = check_zero(a)
    if is_zero:
        tf.print("zero")
    else:
        tf.print("not zero")


for i in range(3):
    report(tf.constant(i))
