"""TFG201: preprocessing layers made with what ``adapt()`` would learn hold constants, not
variables (a normalisation inside a ``Dataset.map`` function, held out 2026-11-29): made per
trace, they raise nothing (checked on TF 2.21, Keras 3 and tf_keras). Made without it, or with
``None`` for it, they create variables for adapt() to fill, and are reported."""
import numpy as np
import tensorflow as tf

MEAN, VARIANCE = [0.49, 0.48, 0.45], [0.04, 0.04, 0.04]


def normalised(image, label):  # traced: Dataset.map below
    norm = tf.keras.layers.Normalization(mean=MEAN, variance=np.square([0.2, 0.2, 0.2]))
    return norm(tf.cast(image, tf.float32) / 255.0), label


def normalised_positionally(image, label):  # traced: Dataset.map below
    norm = tf.keras.layers.Normalization(-1, MEAN, VARIANCE)
    return norm(tf.cast(image, tf.float32)), label


def bucketed(image, label):  # traced: Dataset.map below
    buckets = tf.keras.layers.Discretization(bin_boundaries=[0.0, 0.5, 1.0])
    return buckets(tf.cast(image, tf.float32)), label


def to_be_adapted(image, label):  # traced: Dataset.map below
    norm = tf.keras.layers.Normalization()  # [variable-created-in-graph]
    return norm(tf.cast(image, tf.float32)), label


def none_given(image, label):  # traced: Dataset.map below
    norm = tf.keras.layers.Normalization(mean=None, variance=None)  # [variable-created-in-graph]
    return norm(tf.cast(image, tf.float32)), label


pairs = tf.data.Dataset.from_tensor_slices((np.ones((4, 2, 2, 3), np.uint8), np.arange(4)))
normal = pairs.map(normalised)
positional = pairs.map(normalised_positionally)
bucketed_pairs = pairs.map(bucketed)
adapted = pairs.map(to_be_adapted)
none = pairs.map(none_given)
