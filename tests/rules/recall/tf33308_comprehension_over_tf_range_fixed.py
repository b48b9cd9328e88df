"""Fixed twin of tf33308_comprehension_over_tf_range.py: tf.repeat on the band axis.

Source: https://github.com/tensorflow/tensorflow/issues/33308 (the static count needs no tensor loop)
"""
# category: decorated
import tensorflow as tf


@tf.function
def bands_to_bins(bands):
    return tf.repeat(bands, repeats=3, axis=1)
