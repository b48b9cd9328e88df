"""Testing the result of another tf.function with `is True`.

Source: https://github.com/tensorflow/tensorflow/issues/39875
Hazard: `tensor is True` is a Python identity test, always False at trace time: the else branch
is frozen into the graph.
"""
# category: decorated
import tensorflow as tf


@tf.function
def check_zero(data):
    return data == 0


@tf.function
def report(a):
    is_zero = check_zero(a)
    if is_zero is True:  # [tensor-used-as-python-value]
        tf.print("zero")
    else:
        tf.print("not zero")


for i in range(3):
    report(tf.constant(i))
