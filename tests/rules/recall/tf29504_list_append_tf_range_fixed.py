"""Fixed twin of tf29504_list_append_tf_range.py: a TensorArray carries the values.

Source: https://github.com/tensorflow/tensorflow/issues/29504 (use tf.TensorArray in converted loops)
"""
# category: decorated
import tensorflow as tf


@tf.function
def sum_of_range(n):
    values = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        values = values.write(i, i)
    return tf.reduce_sum(values.stack())


sum_of_range(tf.constant(5))
