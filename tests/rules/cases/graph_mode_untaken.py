"""Code no trace runs, whatever its callers pass: decided by the mode or by the tensors it carries.

The else branch of ``if tf.is_tensor(x):`` (or ``isinstance(x, tf.Tensor)``) is for values that
are not tensors, which a trace does not carry; the body of ``if <wrapper>.executing_eagerly() and
...:`` runs only eagerly; the statements after ``if not tf.executing_eagerly(): raise`` never run
in a trace. Findings there are LOW. Twins: the branch a trace does take, reported.
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
        cache["x"] = x.numpy()  # low: [eager-only-call-in-graph]
    return x.numpy()  # [eager-only-call-in-graph]


@tf.function
def step(x, index, cache):
    gather_attributes([x, x], index)
    add_loops(x)
    checked(x, "message")
    return cached(x, cache)
