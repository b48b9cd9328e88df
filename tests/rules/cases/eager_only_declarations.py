"""A function that warns when TensorFlow is not executing eagerly says it is written to run eagerly
only (analysis/eager_declarations): what its code does in a trace is LOW, saying which line says so,
in it and in what it calls. The twins stay reported: a graph-mode branch that also computes, one that
warns under a test a trace may not take, and a warning of something else.
"""
import logging
import warnings

import numpy as np
import tensorflow as tf


class GeometricError(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.errors = []

    def update_state(self, reference, measurement):
        if not tf.executing_eagerly():
            warnings.warn("GeometricError must run eagerly: compile with run_eagerly=True")  # low: [python-side-effect-in-graph]
        reference = reference.numpy()  # low: [eager-only-call-in-graph]
        self.errors.append(_error(reference, measurement))  # low: [outer-collection-mutation]

    def result(self):
        return tf.constant(np.mean(self.errors))


def _error(reference, measurement):
    return float(np.mean(measurement.numpy() != reference))  # low: [eager-only-call-in-graph]


class LoggedArea(tf.keras.metrics.Metric):
    def update_state(self, mask):
        if tf.inside_function():
            logging.warning("LoggedArea is eager only")  # low: [python-side-effect-in-graph]
        self.area = mask.numpy().sum()  # low: [eager-only-call-in-graph]

    def result(self):
        return self.area


class ConvertsInGraph(tf.keras.metrics.Metric):
    def update_state(self, mask):
        if not tf.executing_eagerly():
            warnings.warn("slow path")  # low: [python-side-effect-in-graph]
            mask = tf.cast(mask, tf.float32)
        self.total = mask.numpy().sum()  # [eager-only-call-in-graph]

    def result(self):
        return self.total


class WarnsOfTheDtype(tf.keras.metrics.Metric):
    def update_state(self, mask):
        if mask.dtype != tf.bool:
            warnings.warn("masks should be boolean")  # low: [python-side-effect-in-graph]
        self.total = mask.numpy().sum()  # [eager-only-call-in-graph]

    def result(self):
        return self.total
