# Keras layers used as losses (the shape of xiuguangli/FedSeg-Tensorflow2, a PyTorch port:
# https://github.com/xiuguangli/FedSeg-Tensorflow2).
import numpy as np
import tensorflow as tf


class ContrastLoss(tf.keras.layers.Layer):
    """Called only under the eager loop's GradientTape (update.py): LOW."""

    def call(self, feats, labels):
        picked = np.random.permutation(8)  # low: [python-random-in-graph]
        return tf.reduce_mean(feats) + labels.numpy().sum() + picked[0]  # low: [eager-only-call-in-graph]


class UntapedLoss(tf.keras.layers.Layer):
    """Called in a method with no tape of its own (update.py's evaluate): reported, as before."""

    def call(self, logits, labels):
        print("untaped", logits)  # [python-print-in-graph]
        return logits


class SteppedLoss(tf.keras.layers.Layer):
    """Called under a tape inside a tf.function: traced, reported."""

    def call(self, logits, labels):
        print("stepped", logits)  # [python-print-in-graph]
        return logits
