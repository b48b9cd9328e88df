"""Output in a function whose own comment says it runs only while tracing is LOW (core/documented_output).

The shape of uladzislau-varabei/stylegan-tf2's tf_utils.py (https://github.com/uladzislau-varabei/stylegan-tf2):
a helper a tf.function calls to list the variables it is traced with, documented as running once.
The twins: the same output with a comment that only names tracing, a documented function's
comment that does not cover another function, and a module comment, stay reported; and a
documenting comment changes no other rule's finding.
"""
import logging

import numpy as np
import tensorflow as tf

# Prints below run once, when traced (a module comment: it documents no function).


def list_variables(variables, title):
    # Ugly way to trace variables:
    # Python side-effects will only happen once, when the function is traced
    print("\n" + title)  # low: [python-print-in-graph]
    for variable in variables:
        logging.info(variable.name)  # low: [python-side-effect-in-graph]


# Logs the shapes only while tracing, on purpose.
def log_shapes(x):
    print("shape", x)  # low: [python-print-in-graph]
    return x


def report_value(x):
    # trace the encoder's output
    print("value", x)  # [python-print-in-graph]
    return x


def noisy(x):
    print("noisy", x)  # [python-print-in-graph]
    return x + np.random.uniform()  # [python-random-in-graph]


def documented_noise(x):
    # the draw happens once, at trace time
    noise = np.random.uniform()  # [python-random-in-graph]
    print("noise", noise)  # [python-print-in-graph]
    return x + noise


@tf.function
def smooth(variables, x):
    list_variables(variables, "Smoothed vars:")
    return documented_noise(noisy(report_value(log_shapes(x))))
