# TensorFlow and Keras reached through relative imports (https://github.com/hansbuehler/deephedging's gym.py does
# ``from .base import tf``, base.py ``import tensorflow as tf``): the package's ``__init__`` and a
# sibling hand them on, so the tf.function and the Keras layer here are graph code.
from . import keras, tf
from .compute import backend


@tf.function
def frames(x):
    print("framing", x)  # [python-print-in-graph]
    return tf.signal.frame(x, 4, 2)


class Gain(keras.layers.Layer):
    def call(self, inputs):
        print("gain", inputs)  # [python-print-in-graph]
        return inputs * 2.0


# A relative import of a name that may be TensorFlow or NumPy (compute.py) is not shown to be
# TensorFlow: silent, as through an absolute import (layers.py).
@backend.function
def maybe_framed(x):
    print("maybe", x)
    return x
