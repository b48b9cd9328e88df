"""TFG202 .numpy() in a module that switches tf.functions to eager execution on purpose.

Interop code calls ``tf.config.run_functions_eagerly(True)`` so that its
tf.functions can use ``.numpy()``; there its graph code runs as Python on purpose, so every
finding in it is LOW (off by default), whatever the rule.
"""
import tensorflow as tf

tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]


@tf.function
def to_host(x):
    print("host copy", x)  # low: [python-print-in-graph]
    return tf.square(x).numpy()  # low: [eager-only-call-in-graph]
