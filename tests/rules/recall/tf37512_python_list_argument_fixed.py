"""Fixed twin of tf37512_python_list_argument.py: one stacked tensor argument.

Source: https://github.com/tensorflow/tensorflow/issues/37512 (keep the input signature stable: pass a tensor)
"""
# category: call-site
import tensorflow as tf


@tf.function
def scale_all(values):
    return values * 2.0


og_values = tf.random.uniform((3, 2))
new_values = scale_all(og_values)
