"""Retracing practice: a tf.function called with changing Python values.

Source: https://apxml.com/courses/advanced-tensorflow/chapter-1-tensorflow-execution-graphs/practice-optimizing-tracing
Hazard: every new Python scalar value passed in makes a new trace (a new graph per value).
"""
# category: call-site
import tensorflow as tf


@tf.function
def process(x, scale):
    return x * scale


for i in range(10):
    process(tf.constant([1.0, 2.0]), i * 0.5)  # [python-scalar-argument]
