"""Fixed twin of apxml_python_flag_argument.py: the varying value is passed as a tensor.

Source: https://apxml.com/courses/advanced-tensorflow/chapter-1-tensorflow-execution-graphs/practice-optimizing-tracing (pass tensors, not Python numbers)
"""
# category: call-site
import tensorflow as tf


@tf.function
def process(x, scale):
    return x * scale


for i in range(10):
    process(tf.constant([1.0, 2.0]), tf.constant(i * 0.5))
