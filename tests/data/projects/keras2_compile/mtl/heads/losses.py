"""Reached from Classify.call, which Keras 2 converts with AutoGraph (and so what it calls in
another file): the ``if`` on a tensor becomes tf.cond, silent. The same helper reached from a layer
no Keras 2 program loads (other.py) runs under Keras 3, unconverted: reported."""
import tensorflow as tf


def empty_safe_loss(labels, logits):
    if tf.equal(tf.size(labels), 0):
        return 0.0
    return tf.reduce_mean(logits - labels)


def empty_safe_mean(values):
    if tf.equal(tf.size(values), 0):  # [tensor-used-as-python-value]
        return 0.0
    return tf.reduce_mean(values)
