"""Fixed twin of openillumi_list_comprehension_loop.py: one batched tensor expression, no Python loop.

Source: https://openillumi.com/en/en-tf-autograph-list-comp-fix (vectorise with broadcasting)
"""
# category: decorated
import tensorflow as tf


@tf.function
def center(patches):
    return patches - tf.reduce_mean(patches, axis=-1, keepdims=True)
