"""Branches that their literals rule out never run, whoever calls (``if False:``, a switch left
off by hand, ``if training is False and False:``; a surrogate-model utility library, held out
2026-11-29): nothing there is reported, and the helpers called only from there are not graph code.
The twins' tests may be true: a flag, a literal beside a name in ``or``, ``while False`` loops
aside."""
import numpy as np
import tensorflow as tf

DEBUG = False


def rescale(x):
    print("rescaling", x)
    return x * 2.0


def describe(x):
    print("describing", x)  # [python-print-in-graph]
    return x


@tf.function
def step(x, training=False):
    if False:
        print("never", x)
    if training is False and False:
        x = rescale(x)
    if 0:
        x = x + np.random.uniform()
    if not True:
        print("not true", x)
    if DEBUG and True:
        print("debug", x)  # [python-print-in-graph]
    if training or False:
        x = describe(x)
    if DEBUG or True:
        x = x + 1.0
    else:
        print("never either", x)
    return x
