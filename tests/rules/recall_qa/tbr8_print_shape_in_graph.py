"""Why tf.print: Python print inside a compiled function shows the trace-time tensor.

Source: https://tbr8.org/%E4%B8%BA%E4%BB%80%E4%B9%88-tf-print-%E6%89%8D%E6%98%AF%E7%9C%9F%E7%90%86%EF%BC%9A%E8%AF%A6%E8%A7%A3%E5%9C%A8%E8%AE%A1%E7%AE%97%E5%9B%BE%E5%86%85%E9%83%A8%E5%AE%9E%E6%97%B6%E6%89%93%E5%8D%B0%E5%BC%A0
Hazard: print() in a tf.function prints once, at trace time, a symbolic tensor instead of values.
"""
# category: decorated
import tensorflow as tf


@tf.function
def double(x):
    y = x * 2
    print("value:", y)  # [python-print-in-graph]
    return y
