"""TFG203 across graph-code forms: wrappers, methods, helpers, builders and Keras methods."""
import tensorflow as tf
from tensorflow import keras


def scale(x, limit):
    if bool(limit > 0):  # [tensor-used-as-python-value]
        return x * limit
    return x


fast_scale = tf.function(scale, input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32)])


def check_positive(value):
    assert value > 0  # [tensor-used-as-python-value]
    return value


@tf.function
def uses_helper(x):
    return check_positive(tf.reduce_sum(x))


class Model(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        return [v for v in x]  # [tensor-used-as-python-value]

    @tf.function
    def step(self, x):
        return self.clip(x, tf.reduce_max(x))

    def clip(self, x, peak):
        return x if bool(peak < 1.0) else x / peak  # [tensor-used-as-python-value]


dataset = tf.data.Dataset.from_tensor_slices(tf.ones([4, 3]))
positives = dataset.map(lambda row: tf.stack([v for v in tf.unstack(row) if v > 0]))  # [tensor-used-as-python-value]


def describe(x):
    total = tf.reduce_sum(x)
    return any(tf.unstack(x)) or bool(total)  # [tensor-used-as-python-value]


@tf.function
def describe_rows(x):
    return tf.map_fn(describe, x, fn_output_signature=tf.bool)


# -- silent: parameters of builders and Keras methods are not assumed to be tensors (a known miss
# when they are), and code that runs eagerly ---------------------------------------------------------

class Dense(keras.layers.Layer):
    def call(self, inputs, training=None):
        if training:
            return inputs * 0.5
        return [v for v in inputs] if isinstance(inputs, list) else inputs


def keep(element):
    return bool(element)  # todo: [tensor-used-as-python-value]


flags = dataset.map(keep)


def eager_check(x):
    return bool(tf.reduce_sum(x) > 0)


@tf.function
def through_py_function(x):
    return tf.py_function(eager_check, [x], tf.bool)


@tf.function
def under_init_scope(x):
    with tf.init_scope():
        ready = bool(tf.reduce_sum(tf.ones([2])) > 0)
    return x if ready else -x


# `is True` / `is False`: identity with a Python bool, never true of a tensor (in the
# shape of https://github.com/tensorflow/tensorflow/issues/39875). Eager tensors are not the
# object True either, so the same code is wrong in eager mode too; verify cannot show a difference.
@tf.function
def is_positive(x):
    return x > 0


@tf.function
def identity_tests(x, verbose=False):
    positive = is_positive(x)
    if positive is True:  # [tensor-used-as-python-value]
        x = x + 1.0
    if tf.reduce_any(x > 2.0) is not False:  # [tensor-used-as-python-value]
        x = x * 2.0
    if verbose is True:  # a Python flag: fine
        tf.print(x)
    return x
