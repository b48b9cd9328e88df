"""Branches on the execution mode that graph code of TensorFlow 2 never takes.

tf_keras' ``backend.set_value`` (held out through the project view, 2026-11-26) keeps its TF 1
path in the else branch of ``if tf.compat.v1.executing_eagerly_outside_functions():``, which is
true in TF 2 even inside a tf.function: a session made there never runs in a trace, and what it
calls is not graph code. The body of ``if tf.executing_eagerly():`` and the else branch of
``if tf.inside_function():`` run only eagerly; what follows a mode test whose TF 2 branch
returns runs only in TF 1 (tf_keras' ``_get_available_gpus``). Twins: the other branch of each,
and what follows a branch that does not leave, reported.
"""
import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import ops


def set_value(variable, value):
    if tf.compat.v1.executing_eagerly_outside_functions():
        variable.assign(value)
        print("assigned", value)  # [python-print-in-graph]
    else:
        session = make_session()
        session.run(variable.assign(value))


def make_session():
    print("making a session")  # reached only from the TF 1 branch: silent
    return tf.compat.v1.Session()


def describe(x):
    if tf.executing_eagerly():
        print("value", x.numpy())  # eager only: silent
    else:
        print("value", x)  # [python-print-in-graph]
    if not tf.inside_function():
        print("eager again", x)  # eager only: silent
    return x


def transform(x, exported_as_v1):
    # tensorflow/transform's TransformFeaturesLayer.call, with the mode test under its internal
    # name: the body runs only in TF 1's graph mode.
    if exported_as_v1 and not ops.executing_eagerly_outside_functions():
        print("falling back", x)  # TF 1 only: silent
    if context.executing_eagerly():
        print("eager", x)  # eager only: silent
    return x


def available_gpus():
    # tf_keras' _get_available_gpus: the TF 2 branch returns, so what follows it is TF 1's graph
    # mode only; the helper it calls is not graph code (silent). The twin's branch does not leave.
    if tf.compat.v1.executing_eagerly_outside_functions():
        return tf.config.list_logical_devices("GPU")
    return list_session_devices()


def list_session_devices():
    print("listing devices")  # reached only after the TF 2 branch returned: silent
    return []


def gpu_names():
    if tf.compat.v1.executing_eagerly_outside_functions():
        names = tf.config.list_logical_devices("GPU")
    return list_devices_twin()


def list_devices_twin():
    print("listing devices")  # [python-print-in-graph]
    return []


@tf.function
def step(x, variable):
    set_value(variable, x)
    available_gpus()
    gpu_names()
    return transform(describe(x), variable)
