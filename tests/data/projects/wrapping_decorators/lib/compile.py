import functools

import tensorflow as tf


def function(func=None, **kwargs):
    if func is None:
        return functools.partial(function, **kwargs)
    return tf.function(func, **kwargs)


def jitted(jit=True):
    def wrap(fn):
        return tf.function(fn, jit_compile=jit)
    return wrap


def traced(fn):
    compiled = tf.function(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return compiled(*args, **kwargs)
    return wrapper


def function_like(fn):  # named like one, wraps nothing
    return fn


def logged(fn):
    print("decorating", fn)
    return tf.function(lambda x: x)
