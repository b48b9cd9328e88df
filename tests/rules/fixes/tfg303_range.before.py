"""range() becomes tf.range() only where the loop is tensor-safe."""
import tensorflow as tf


@tf.function
def weighted_sum(x):
    total = tf.zeros_like(x)
    for i in range(1000):
        total += tf.cast(i, tf.float32) * x  # the shape and dtype of x throughout
    return total


@tf.function
def product(x):
    result = tf.ones_like(x)
    for _ in range(80):
        result = result * x
    return result


@tf.function
def python_counter(x):
    count = 0  # a Python int would become a tensor loop variable: left alone
    for i in range(100):
        count += 1
    return x * count


@tf.function
def collects(x):
    parts = []
    for i in range(100):
        parts.append(x * tf.cast(i, x.dtype))  # a Python list in a tf.while_loop: left alone
    return tf.stack(parts)


@tf.function
def last_value(x):
    for i in range(100):
        y = x * tf.cast(i, x.dtype)
    return y  # first bound in the loop and used after it: left alone


@tf.function
def branches(x):
    total = tf.constant(0.0)
    for i in range(100):
        if i % 2 == 0:  # would become a tensor condition: left alone
            total += x
    return total


def main():
    x = tf.constant([1.0, 2.0])
    return [weighted_sum(x), product(x), python_counter(x), collects(x), last_value(x), branches(x)]
