"""tf.functions traced on purpose with get_concrete_function(): their state is a side channel.

The review corpus (tensorflow-federated keras_utils, tf-models-official export_tfhub_lib_test): the
traced body writes what tracing found out (creation order, result shapes) to a nonlocal name or
an outer container, and the code reads it right after forcing the trace. LOW, off by default.
The same writes in a tf.function that is only called stay reported.
"""
import tensorflow as tf


def result_shapes(fn, *args):
    container = [None]

    @tf.function
    def reporting(*inner):
        result = fn(*inner)
        container[0] = tf.nest.map_structure(lambda x: x.shape.as_list(), result)  # low: [outer-collection-mutation]
        return result

    reporting.get_concrete_function(*args)
    return container[0]


def creation_order(make):
    order = []

    @tf.function
    def initialize():
        nonlocal order
        order = [v.name for v in make()]  # low: [python-state-mutation]
        return order

    initialize.get_concrete_function()
    return order, initialize


def called_only(values):
    seen = [None]

    @tf.function
    def step(x):
        seen[0] = x  # [outer-collection-mutation]
        return x

    return [step(v) for v in values]


class Recorder(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.keys = set()

    def call(self, inputs):
        self.keys |= set(inputs.keys())  # low: [outer-collection-mutation]
        return inputs


def replaying_creator(make):
    """What the forced trace wrote, read by another tf.function: kept on purpose (LOW); the same
    name rebound by a tf.function that is only called stays reported (TFG107 on the reader)."""
    order = None

    @tf.function
    def initialize():
        nonlocal order
        order = [v.name for v in make()]  # low: [python-state-mutation]
        return order

    initialize.get_concrete_function()

    @tf.function
    def update(x):
        return x * len(order)  # low: [mutable-global-capture]

    return update


def replaying_called(make, values):
    order = None

    @tf.function
    def initialize():
        nonlocal order
        order = [v.name for v in make()]  # [python-state-mutation]
        return order

    @tf.function
    def update(x):
        return x * len(order)  # [mutable-global-capture]

    initialize()
    return [update(v) for v in values]
