"""Attention-augmented conv: call() reaches a padding helper that builds K.zeros from a dynamic shape.

Source: https://github.com/tensorflow/tensorflow/issues/38583
Hazard: K.zeros instantiates a backend variable; reached from the traced call() through
self.relative_logits -> self.rel_to_abs it fails (TypeError in fill) under tf.function.
"""
# category: helper
import tensorflow as tf
from tensorflow.keras import backend as K


class AttentionAugmentation2D(tf.keras.layers.Layer):
    def call(self, q):
        return self.relative_logits(q)

    def relative_logits(self, q):
        rel = tf.einsum("bhxyd,md->bhxym", q, tf.ones([7, q.shape[-1]]))
        return self.rel_to_abs(tf.reshape(rel, [-1, 4, 7, 7]))

    def rel_to_abs(self, x):
        b, nh, length = tf.shape(x)[0], 4, tf.shape(x)[2]
        col_pad = K.zeros(K.stack([b, nh, length, 1]))  # [variable-created-in-graph]
        return tf.concat([x, col_pad], axis=3)


@tf.function
def main(ip):
    return AttentionAugmentation2D()(ip)
