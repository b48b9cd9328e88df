"""The AutoGraph guide's square_if_positive, decorated and fed a tensor.

Source: https://github.com/tensorflow/tensorflow/issues/32546
Hazard: a list comprehension over a tensor with a tensor condition is not converted
(OperatorNotAllowedInGraphError).
"""
# category: decorated
import tensorflow as tf


@tf.function
def square_if_positive(x):
    return [i ** 2 if i > 0 else i for i in x]  # [tensor-used-as-python-value]


square_if_positive(tf.range(-5, 5))
