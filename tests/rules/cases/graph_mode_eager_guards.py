"""Branches for eager values: what a test that tells eager tensors from symbolic ones guards.

``hasattr(x, "numpy")`` holds for an eager tensor and never for a symbolic one, and so does
``isinstance(x, EagerTensor)``; ``tf.is_symbolic_tensor(x)`` holds for a symbolic one. The branch
for eager values is the author's eager path, whatever it computes on: a keras-model-registry
layer parses dates under ``if hasattr(inputs, "numpy"):`` with ``.numpy()`` of a tensor made
from the input (https://github.com/UnicoLab/keras-model-registry, DateParsingLayer.call).
Findings there, and after an early exit a trace always takes, are LOW. Twins: a test a symbolic
tensor passes too (``hasattr(x, "shape")``), the other branch of each test, an ``or`` with a part
no trace decides, and an exit only eager values take, reported.
"""
import keras
import tensorflow as tf
from tensorflow.python.framework import ops


class DateParts(keras.layers.Layer):
    def call(self, inputs):
        if hasattr(inputs, "numpy"):
            flat = tf.reshape(inputs, [-1])
            return [s.decode() for s in flat.numpy()]  # low: [eager-only-call-in-graph]
        if hasattr(inputs, "shape"):
            flat = tf.reshape(inputs, [-1])
            return [s.decode() for s in flat.numpy()]  # [eager-only-call-in-graph]
        return inputs


@tf.function
def early_exit(x):
    if not hasattr(x, "numpy"):
        return tf.strings.length(x)
    return tf.strings.length(x).numpy()  # low: [eager-only-call-in-graph]


@tf.function
def early_exit_twin(x):
    if hasattr(x, "numpy"):
        return tf.strings.length(x)
    return tf.strings.length(x).numpy()  # [eager-only-call-in-graph]


@tf.function
def eager_type(x):
    if isinstance(x, ops.EagerTensor):
        x = tf.square(x).numpy()  # low: [eager-only-call-in-graph]
    if isinstance(x, tf.Tensor):
        x = tf.square(x).numpy()  # [eager-only-call-in-graph]
    return x


@tf.function
def symbolic_test(x):
    if tf.is_symbolic_tensor(x):
        y = tf.square(x).numpy()  # [eager-only-call-in-graph]
    else:
        y = tf.square(x).numpy()  # low: [eager-only-call-in-graph]
    return y


@tf.function
def chained(x, verbose):
    if hasattr(x, "numpy") and verbose:
        tf.square(x).numpy()  # low: [eager-only-call-in-graph]
    if hasattr(x, "numpy") or verbose:
        tf.square(x).numpy()  # [eager-only-call-in-graph]
    return x


@tf.function
def chained_exit(x, strict):
    if not hasattr(x, "numpy") or strict:
        return x
    return tf.square(x).numpy()  # low: [eager-only-call-in-graph]


@tf.function
def chained_exit_twin(x, strict):
    if hasattr(x, "numpy") or strict:
        return x
    return tf.square(x).numpy()  # [eager-only-call-in-graph]
