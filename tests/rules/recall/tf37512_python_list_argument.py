"""Building a Python list of tensors in a loop and passing it to a tf.function.

Source: https://github.com/tensorflow/tensorflow/issues/37512
Hazard: a Python list argument is traced per structure (length) and keyed by it: retraces, and
mixing it with a stacked-tensor call breaks (InaccessibleTensorError).
"""
# category: call-site
import tensorflow as tf


@tf.function
def scale_all(values):
    return [v * 2.0 for v in values]


og_values = []
for _ in range(3):
    og_values.append(tf.random.uniform((2,)))
new_values = scale_all(og_values)  # todo: [python-collection-argument]
