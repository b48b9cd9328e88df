"""TFG202 .numpy() in a module that switches tf.functions to eager execution on purpose.

Interop code (issue #11) calls ``tf.config.run_functions_eagerly(True)`` so that its
tf.functions can use ``.numpy()``; there the hazard is deliberate, so LOW (off by default).
"""
import tensorflow as tf

tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]


@tf.function
def to_host(x):
    return tf.square(x).numpy()  # low: [eager-only-call-in-graph]
