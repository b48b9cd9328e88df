"""TFG209: a tensor grown by concatenation in a loop AutoGraph converts (a shape-invariant error).

Fires on tf.range, tensor and dataset loops and a while on a tensor condition, for tf.concat,
tf.stack and tf.experimental.numpy's append; the twins stay silent: a Python range loop
(unrolled), a tensor first made inside the body, a declared shape invariant, tf.TensorArray,
and autograph=False.
"""
import tensorflow as tf
import tensorflow.experimental.numpy as tnp


@tf.function
def over_dataset(dataset):
    rows = tf.zeros([0, 4])
    for batch in dataset.batch(2):
        rows = tf.concat([rows, batch], axis=0)  # [tensor-grown-in-loop]
    return rows


@tf.function
def while_on_tensor(n):
    i = tf.constant(0)
    out = tf.constant([0.0])
    while i < n:
        out = tf.concat([out, [tf.cast(i, tf.float32)]], 0)  # [tensor-grown-in-loop]
        i += 1
    return out


@tf.function
def stacked_and_appended(x):
    history = tf.expand_dims(x, 0)
    flat = tnp.zeros([1])
    for _ in tf.range(3):
        history = tf.stack([history, history])  # [tensor-grown-in-loop]
        flat = tnp.append(flat, 1.0)  # [tensor-grown-in-loop]
    return history, flat


@tf.function
def python_range_is_unrolled(x):
    out = tf.zeros([0])
    for i in range(3):
        out = tf.concat([out, [x * i]], 0)
    return out


@tf.function
def made_inside_the_body(xs):
    total = tf.constant(0.0)
    for x in tf.range(3):
        part = tf.zeros([1])
        part = tf.concat([part, [tf.cast(x, tf.float32)]], 0)
        total += tf.reduce_sum(part)
    return total


@tf.function
def declared_invariant(n):
    out = tf.zeros([0])
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(shape_invariants=[(out, tf.TensorShape([None]))])
        out = tf.concat([out, [tf.cast(i, tf.float32)]], 0)
    return out


@tf.function
def tensor_array(n):
    out = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        out = out.write(i, tf.cast(i, tf.float32))
    return out.stack()


@tf.function(autograph=False)
def no_autograph(x):
    out = tf.zeros([0])
    for i in range(2):
        out = tf.concat([out, [x]], 0)
    return out
