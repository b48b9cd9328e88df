"""A local name that merely looks like TensorFlow is not TensorFlow."""
import tensorflow as tf


class FakeTF:
    @staticmethod
    def function(fn):
        return fn


def local_shadow():
    tf = FakeTF()  # shadows the module-level import inside this function only

    @tf.function
    def inner(x):
        print(x)

    return inner


def function(fn):
    return fn


@function
def decorated_by_local_function(x):
    print(x)


@tf.function
def print_is_shadowed(x, print=tf.print):
    print(x)
