"""Every spelling of tf.function marks graph code; look-alikes from other packages do not."""
import tensorflow
import tensorflow as tf
import tensorflow as tf2
import tensorflow.compat.v2 as tfv2
from tensorflow import function
from tensorflow import function as tff
from mylib import function as not_tf_function

graph_function = tf.function


@tf.function
def plain(x):
    print(x)  # [python-print-in-graph]
    return x


@tf.function(jit_compile=True, reduce_retracing=True)
def with_options(x):
    print(x)  # [python-print-in-graph]
    return x


@tensorflow.function
def full_module_name(x):
    print(x)  # [python-print-in-graph]


@tf2.function
def other_alias(x):
    print(x)  # [python-print-in-graph]


@tfv2.function
def compat_alias(x):
    print(x)  # [python-print-in-graph]


@tf.compat.v2.function
def compat_attribute(x):
    print(x)  # [python-print-in-graph]


@function
def imported_name(x):
    print(x)  # [python-print-in-graph]


@tff
def imported_alias(x):
    print(x)  # [python-print-in-graph]


@graph_function
def assigned_alias(x):
    print(x)  # [python-print-in-graph]


@not_tf_function
def other_package_function(x):
    print(x)


def undecorated(x):
    print(x)


class Model(tf.Module):
    @tf.function
    def method(self, x):
        print(x)  # [python-print-in-graph]

    @staticmethod
    @tf.function
    def static(x):
        print(x)  # [python-print-in-graph]

    def plain_method(self, x):
        print(x)
