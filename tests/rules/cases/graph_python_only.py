"""tf.py_function / tf.numpy_function callables and tf.init_scope blocks run as Python."""
import time

import numpy as np
import tensorflow as tf


def python_side(x):
    print(x)
    return x


def numpy_side(x):
    print(x)
    return x


@tf.function
def step(x):
    y = tf.py_function(python_side, [x], tf.float32)
    z = tf.numpy_function(func=numpy_side, inp=[x], Tout=tf.float32)
    w = tf.py_function(lambda v: print(v), [x], tf.float32)
    with tf.init_scope():
        print("runs once, eagerly, outside the graph")
    print(y, z, w)  # [python-print-in-graph]
    return y


@tf.function
def legacy(x):
    return tf.compat.v1.py_func(lambda v: print(v), [x], tf.float32)


# A decorator whose wrapper hands the function to tf.py_function (tensorflow/docs' data
# performance guide, site/en/guide/data_performance.ipynb): Dataset.map traces the wrapper, and
# the decorated body runs as Python on every element (silent). The twin's decorator calls the
# function in its wrapper, so the body is traced.
def run_in_python(func):
    def wrapper(steps, times):
        return tf.py_function(func, inp=(steps, times), Tout=(steps.dtype, times.dtype))
    return wrapper


def logged(func):
    def wrapper(steps, times):
        return func(steps, times)
    return wrapper


@run_in_python
def slow_map(steps, times):
    entered = time.perf_counter()
    time.sleep(0.001)
    return steps, times + entered


def plain_map(steps, times):
    time.sleep(0.001)
    return steps, times


@logged
def traced_map(steps, times):
    time.sleep(0.001)  # [python-side-effect-in-graph]
    return steps, times


pairs = tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [3.0, 4.0]))
timed = pairs.map(slow_map).map(run_in_python(plain_map)).map(traced_map)


# tf.py_function as a decorator (tensorflow/docs' data guide): the body runs as Python for every
# element (silent); the twin, an undecorated map function, is traced.
@tf.py_function(Tout=tf.float32)
def random_rotate(image):
    return image * np.random.uniform(-30, 30)


def traced_rotate(image):
    return image * np.random.uniform(-30, 30)  # [python-random-in-graph]


rotated = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(random_rotate).map(traced_rotate)


# One of two nested defs, chosen by a conditional expression, handed to tf.py_function from a
# Keras layer's call (keras-hub's RandomDeletion): both run as Python (silent). The twin calls
# the chosen one directly, traced.
class SkipLayer(tf.keras.layers.Layer):
    def call(self, inputs):
        def string_fn(token):
            return token.numpy().decode("utf-8") == "a"

        def int_fn(token):
            return token.numpy() == 1

        chosen = string_fn if inputs.dtype == tf.string else int_fn
        return tf.map_fn(lambda x: tf.py_function(chosen, [x], "bool"), inputs, fn_output_signature="bool")


class TracedChoice(tf.keras.layers.Layer):
    def call(self, inputs):
        def loud(x):
            print("loud", x)  # [python-print-in-graph]
            return x

        def quiet(x):
            return x

        chosen = loud if self.trainable else quiet
        return chosen(inputs)
