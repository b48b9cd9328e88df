"""tf.py_function / tf.numpy_function callables and tf.init_scope blocks run as Python."""
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
