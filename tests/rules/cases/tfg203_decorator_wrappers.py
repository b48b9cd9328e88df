"""TFG203: calling a def decorated by a decorator of the module that returns a wrapper of its own
(a def calling the decorator's parameter) runs that wrapper, so the wrapper's body is graph code
wherever the decorated def is: a Keras 3 layer's call runs it without AutoGraph (len() and an if
on a tensor raise), a tf.function with it (bool() of a tensor raises there too). The shape of
spektral's mixed-mode scatter wrapper, https://github.com/danielegrattarola/spektral/issues/167.
The twins stay silent: a decorated def only called eagerly, a decorator returning the def itself,
and one whose inner def never calls its parameter (it is no wrapper of it).
"""
import tensorflow as tf


def mixed_mode(scatter_fn):
    def wrapper(updates, indices, n):
        if len(tf.shape(updates)) == 3:  # [tensor-used-as-python-value]
            updates = tf.transpose(updates, perm=(1, 0, 2))
        return scatter_fn(updates, indices, n)

    return wrapper


def checked(fn):
    def run(x):
        if bool(tf.reduce_any(tf.math.is_nan(x))):  # [tensor-used-as-python-value]
            raise ValueError("NaN input")
        return fn(x)

    return run


def eager_checked(fn):
    def run(x):
        if bool(tf.reduce_any(tf.math.is_nan(x))):  # its def is only called eagerly: silent
            raise ValueError("NaN input")
        return fn(x)

    return run


def registered(fn):
    def describe():
        return bool(tf.reduce_any(tf.zeros([2]) > 0))  # describe never calls fn, nor runs: silent

    fn.describe = describe
    return fn


def identity(fn):
    return fn


@mixed_mode
def scatter_sum(updates, indices, n):
    return tf.math.unsorted_segment_sum(updates, indices, n)


@registered
@identity
def scatter_max(updates, indices, n):
    return tf.math.unsorted_segment_max(updates, indices, n)


@checked
def normalize(x):
    return x / tf.reduce_max(x)


@eager_checked
def summarize(x):
    return tf.reduce_mean(x)


class MessagePassing(tf.keras.layers.Layer):
    def call(self, inputs):
        x, indices = inputs
        return scatter_sum(x, indices, 4) + scatter_max(x, indices, 4)


@tf.function
def step(x):
    return normalize(x)


print(summarize(tf.constant([1.0, 2.0])))
