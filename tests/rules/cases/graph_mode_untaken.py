"""Code no trace runs, whatever its callers pass: decided by the mode or by the tensors it carries.

The else branch of ``if tf.is_tensor(x):`` (or ``isinstance(x, tf.Tensor)``) is for values that
are not tensors, which a trace does not carry; the body of ``if <wrapper>.executing_eagerly() and
...:`` runs only eagerly; the statements after ``if not tf.executing_eagerly(): raise`` never run
in a trace, nor the body of a second ``if`` on the test of an earlier one whose body leaves in
every trace. Findings there are LOW. Twins: the branch a trace does take, reported.
"""
import numpy as np
import tensorflow as tf


class mode:  # a wrapper of TensorFlow's mode question, as libraries keep one
    @staticmethod
    def executing_eagerly():
        return tf.executing_eagerly()


def gather_attributes(attributes, index):
    for i in range(len(attributes)):
        if tf.is_tensor(attributes[i]):
            attributes[i] = tf.gather(attributes[i], index).numpy()  # [eager-only-call-in-graph]
        else:
            attributes[i] = tf.constant(np.take(attributes[i], index)).numpy()  # low: [eager-only-call-in-graph]
    return attributes


def add_loops(edges):
    updated = tf.concat([edges, edges], axis=1)
    edges_are_tensor = tf.is_tensor(edges)
    if not edges_are_tensor:
        updated = updated.numpy()  # low: [eager-only-call-in-graph]
    if isinstance(edges, tf.Tensor):
        updated = tf.identity(updated).numpy()  # [eager-only-call-in-graph]
    else:
        updated = tf.identity(updated).numpy()  # low: [eager-only-call-in-graph]
    return updated


def checked(x, message):
    if mode.executing_eagerly() and message:
        x = x.numpy()  # low: [eager-only-call-in-graph]
    if message:
        x = tf.constant(x).numpy()  # [eager-only-call-in-graph]
    return x


def cached(x, cache):
    if cache is not None:
        if not tf.executing_eagerly():
            raise ValueError("build the cache before tracing")
        cache["x"] = x.numpy()  # low: [eager-only-call-in-graph, outer-collection-mutation]
    return x.numpy()  # [eager-only-call-in-graph]


def cached_later(x, cache):
    # The first test returns a hit and raises on a miss unless eager: a trace never reaches the
    # second body, which fills the cache.
    if cache is not None:
        hit = cache.get("x")
        if hit is not None:
            return hit
        else:
            if not tf.executing_eagerly():
                raise ValueError("build the cache before tracing")
    y = tf.square(x)
    if cache is not None:
        cache["x"] = y.numpy()  # low: [eager-only-call-in-graph, outer-collection-mutation]
    return y


def cached_later_twin(x, cache):
    # The first body may fall through in a trace (a miss does not raise): the second runs.
    if cache is not None:
        hit = cache.get("x")
        if hit is not None:
            return hit
    y = tf.square(x)
    if cache is not None:
        cache["x"] = y.numpy()  # [eager-only-call-in-graph, outer-collection-mutation]
    return y


@tf.function
def step(x, index, cache):
    gather_attributes([x, x], index)
    add_loops(x)
    checked(x, "message")
    cached_later(x, cache)
    cached_later_twin(x, cache)
    return cached(x, cache)
