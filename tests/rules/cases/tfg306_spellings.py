"""TFG306: deprecated tf.function options in every spelling that reaches TensorFlow's tf.function."""
import functools

import tensorflow as tf
from tensorflow import function as tf_function


@tf.function(experimental_relax_shapes=True)  # [deprecated-tf-function-argument]
def relaxed(x):
    return x


@tf_function(experimental_compile=True)  # [deprecated-tf-function-argument]
def compiled(x):
    return x


@tf.compat.v2.function(experimental_follow_type_hints=True)  # [deprecated-tf-function-argument]
def hinted(x: tf.Tensor):
    return x


@tf.function(experimental_relax_shapes=False)  # [deprecated-tf-function-argument]
def still_deprecated_when_false(x):
    return x


def plain(x):
    return x


wrapped = tf.function(plain, experimental_compile=False)  # [deprecated-tf-function-argument]
factory = tf.function(experimental_relax_shapes=True)(plain)  # [deprecated-tf-function-argument]
lambda_fn = tf.function(lambda x: x, experimental_follow_type_hints=True)  # [deprecated-tf-function-argument]
partial_decorator = functools.partial(tf.function, experimental_compile=True)  # [deprecated-tf-function-argument]


@tf.function(
    input_signature=[tf.TensorSpec([None])],
    experimental_relax_shapes=True,  # [deprecated-tf-function-argument]
)
def multi_line(x):
    return x


# -- silent: the current names, other functions' own keywords ----------------------------------

@tf.function(reduce_retracing=True, jit_compile=True)
def current_names(x):
    return x


def build(experimental_compile=False):
    return experimental_compile


OPTIONS = build(experimental_compile=True)
current = tf.function(plain, reduce_retracing=True)
