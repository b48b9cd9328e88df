"""TFG101/TFG203: experimental_autograph_options that convert assert and print (silent).

tensorflow/docs' AutoGraph guide (site/en/r1/guide/autograph.ipynb) turns on
``Feature.ASSERT_STATEMENTS`` (assert on a tensor becomes tf.debugging.Assert) and
``Feature.BUILTIN_FUNCTIONS`` (print becomes tf.print, run on every call). Without the options,
the twins are reported.
"""
import tensorflow as tf

Feature = tf.autograph.experimental.Feature


@tf.function(experimental_autograph_options=(Feature.ASSERT_STATEMENTS, Feature.EQUALITY_OPERATORS))
def inverse(x):
    assert x != 0.0, "Do not pass zero!"
    return 1.0 / x


@tf.function(experimental_autograph_options=Feature.BUILTIN_FUNCTIONS)
def count(n):
    for i in tf.range(n):
        print(i)
    return n


@tf.function(experimental_autograph_options=Feature.all())
def checked(x):
    assert x > 0.0
    print(x)
    return x


@tf.function
def unconverted(x):
    assert x > 0.0  # [tensor-used-as-python-value]
    print(x)  # [python-print-in-graph]
    return x


inverse(tf.constant(2.0))
count(tf.constant(3))
checked(tf.constant(1.0))
unconverted(tf.constant(1.0))
