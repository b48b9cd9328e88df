"""TFG203 twin: a loss built on the Keras 2 that TensorFlow once bundled (tensorflow_privacy's
bolt-on losses import tensorflow.compat.v1.python.keras), which converts it with AutoGraph: its
Python if on a tensor works there, silent."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.python.keras import losses


class Mixin:
    def radius(self):
        return 1.0


class Huber(losses.Loss, Mixin):
    def call(self, y_true, y_pred):
        z = y_pred * y_true
        one = tf.constant(1.0)
        if z > one:
            return tf.zeros_like(z)
        return one - z
