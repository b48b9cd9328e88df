"""Tiling each frequency band with a list comprehension over tf.range of a static dimension.

Source: https://github.com/tensorflow/tensorflow/issues/33308
Hazard: iterating a tf.range tensor in a comprehension inside tf.function is not converted
("iterating over tf.Tensor is not allowed").
"""
# category: decorated
import tensorflow as tf

BAND_WIDTHS = [2, 3, 4]


@tf.function
def bands_to_bins(bands):
    tiles = [tf.tile(bands[:, b:b + 1, :], [1, 3, 1]) for b in tf.range(bands.shape[1])]  # [tensor-used-as-python-value]
    return tf.concat(tiles, axis=1)
