"""TFG103: output under an `if` on a tensor happens on every trace whatever the value (AutoGraph
traces both branches), so a warning meant for large inputs fires once per trace for any input.
warnings.warn is output like logging. Twins: the same warning under a Python flag (a once-per-
trace configuration message: LOW), and tf.print under the tensor condition (silent).
"""
import logging
import warnings

import tensorflow as tf


@tf.function
def check(x, strict: bool = False):
    if tf.reduce_sum(x) > 10:
        warnings.warn("large input")  # [python-side-effect-in-graph]
        logging.warning("input shape %s", x.shape)  # [python-side-effect-in-graph]
        tf.print("large input", x)
    if strict:
        warnings.warn("strict mode")  # low: [python-side-effect-in-graph]
    return x
