"""Deprecated tf.function arguments become the arguments that replaced them."""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def relaxed(x):
    return x


@tf.function(experimental_compile=True, autograph=False)
def compiled(x):
    return x * 2


def build(fn):
    return tf.function(fn, experimental_relax_shapes=False, experimental_compile=True)


@tf.function(experimental_follow_type_hints=True)  # no replacement: left alone
def hinted(x: tf.Tensor):
    return x


def main():
    x = tf.constant([1.0, 2.0])
    return [relaxed(x), compiled(x), build(lambda v: v + 1)(x), hinted(x)]
