"""Fixed twin of theneuralbase_range_accumulate.py: tf.range keeps a single loop node.

Source: https://theneuralbase.com/tensorflow/learn/beginner/tf-function-graph-execution/ (loop with tf.range)
"""
# category: decorated
import tensorflow as tf



def accumulate(x):
    result = tf.zeros_like(x)
    for i in tf.range(100):
        result = result + x
    return result


fast = tf.function(accumulate)
