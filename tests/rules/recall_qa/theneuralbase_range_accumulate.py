"""Speeding up a Python accumulation loop by wrapping it with tf.function.

Source: https://theneuralbase.com/tensorflow/learn/beginner/tf-function-graph-execution/
Hazard: range(100) inside the traced function is unrolled into 100 copies of the body.
"""
# category: decorated
import tensorflow as tf



def accumulate(x):
    result = tf.zeros_like(x)
    for i in range(100):  # [python-range-loop]
        result = result + x
    return result


fast = tf.function(accumulate)
