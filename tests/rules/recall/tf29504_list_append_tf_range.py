"""Collecting loop values in a Python list inside a tf.range loop, then tf.add_n.

Source: https://github.com/tensorflow/tensorflow/issues/29504
Hazard: list.append in a loop AutoGraph turns into tf.while_loop ("trying to capture a tensor ...").
"""
# category: decorated
import tensorflow as tf


@tf.function
def sum_of_range(n):
    values = []
    for i in tf.range(n):
        values.append(i)  # [python-list-in-tensor-loop]
    return tf.add_n(values)


sum_of_range(5)
