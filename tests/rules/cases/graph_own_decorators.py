"""A module's own decorator that returns tf.function(<the decorated function>) makes a tf.function.

Shape of research code that wraps tf.function once (``def compiled(fn): return tf.function(fn,
jit_compile=True)``) and decorates its steps with it, sometimes inside a loop. Twins stay silent:
a decorator that returns the function itself or a Python wrapper, one that wraps something other
than its argument, one that wraps it on one path only, and a method of a class.
"""
import tensorflow as tf


def compiled(fn):
    return tf.function(fn, jit_compile=True)


def compiled_with(jit=True):
    def wrap(fn):
        return tf.function(fn, jit_compile=jit)
    return wrap


def uncompiled(fn):
    return tf.function(fn, autograph=False)


def timed(fn):
    return fn


def logged(fn):
    def wrapper(*args):
        print("calling", fn.__name__)  # a plain Python wrapper: runs on every call
        return fn(*args)
    return wrapper


def fallback(fn):
    return fn


def sometimes(fn, use_graph=False):
    if use_graph:
        return tf.function(fn)
    return fn


def other(fn):
    return tf.function(fallback)


@compiled
def step(x):
    print(x)  # [python-print-in-graph]
    return x * 2


@compiled_with()
def step_from_factory(x):
    print(x)  # [python-print-in-graph]
    return x * 2


@uncompiled
def step_without_autograph(x):
    for i in range(20):  # AutoGraph is off: tf.range would not help either
        x = x + i
    return x


@timed
def not_traced(x):
    print(x)
    return x


@logged
def wrapped_in_python(x):
    print(x)
    return x


@sometimes
def maybe(x):
    print(x)
    return x


@other
def wraps_another(x):
    print(x)
    return x


class Steps:
    def compiled(self, fn):
        return tf.function(fn)


def sweep(xs):
    outs = []
    for scale in (1.0, 2.0):
        @compiled  # [tf-function-in-loop]
        def scaled(y):
            return y * 2.0
        outs.append(scaled(xs))
    return outs
