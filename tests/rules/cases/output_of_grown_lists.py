"""TFG101/TFG103: a list that graph code fills with tensors is no fact fixed while tracing.

Shape of https://github.com/jiangyi15/tf-pwa/commit/491b783f360532a212cee97f2b2bb0173237030d (a
tf.function builds a Python list of partial amplitudes, ``ret.append(tf.reduce_sum(...))``, then
``print(ret)``): the list was bound empty, but what is printed is its tensors, shown once per trace
as symbolic values. The twins, lists filled with static shapes, lengths and constants, print facts
fixed while tracing and stay LOW.
"""
import logging

import tensorflow as tf


@tf.function
def amplitudes(parts, weights):
    ret = []
    shapes = []
    sizes = []
    for part in parts:
        ret.append(tf.reduce_sum(part * weights, axis=1))
        shapes.append(part.shape)
        sizes.append(part.shape[0])
    print(ret)  # [python-print-in-graph]
    print(shapes, sizes)  # low: [python-print-in-graph]
    logging.info("%s", ret)  # [python-side-effect-in-graph]
    logging.info("%s", shapes)  # low: [python-side-effect-in-graph]
    return tf.reduce_sum(ret, axis=0)


@tf.function
def stacked(x):
    pieces = []
    pieces.insert(0, tf.square(x))
    pieces.extend([tf.abs(x)])
    names = []
    names.extend(["square", "abs"])
    print(pieces)  # [python-print-in-graph]
    print(names)  # low: [python-print-in-graph]
    return tf.add_n(pieces)


@tf.function
def nested(x):
    dims = [x.shape[0]]

    def grow(y):
        dims = []  # another list: the nested def's own local
        dims.append(tf.square(y))
        return dims

    print(dims)  # low: [python-print-in-graph]
    return grow(x)
