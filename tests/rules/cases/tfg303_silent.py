"""TFG303: tensor bounds, unknown bounds, loop variables that must stay Python ints, and misses."""
import numpy as np
import tensorflow as tf

WEIGHTS = [0.5, 0.25]


@tf.function
def tensor_bounds(x):
    for _ in tf.range(10):
        x = x * 2.0
    for _ in range(tf.shape(x)[0]):
        x = x + 1.0
    n = tf.shape(x)[0]
    for _ in range(n):
        x = x - 1.0
    for _ in range(1, tf.size(x)):
        x = x * 0.5
    return x


@tf.function
def called_with_tensors(x, n):
    for _ in range(n):
        x = x * 2.0
    return x


@tf.function
def never_called(x, n):
    for _ in range(n):
        x = x * 2.0
    return x


@tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int32)])
def with_signature(x, n):
    for _ in range(n):
        x = x * 2.0
    return x


@tf.function(autograph=False)
def without_autograph(x):
    for _ in range(3):
        x = x * 2.0
    return x


class Stack(tf.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.blocks = [tf.Variable(1.0), tf.Variable(2.0)]

    @tf.function
    def __call__(self, x):
        for _ in range(self.n):  # unknown: set from a constructor argument
            x = x * 2.0
        for i in range(len(self.blocks)):
            x = x * self.blocks[i]  # a Python list: tf.range would break the indexing
        for i in range(2):
            x = x * WEIGHTS[i]
        for i in range(2):
            with tf.name_scope(f"block_{i}"):
                x = x + 1.0
        for i in range(2):
            x = tf.identity(x, name="step_%d" % i)
        return x


def eager_only(x):
    for _ in range(10):
        x = x * 2.0
    return x


@tf.function
def python_function(x):
    return tf.py_function(eager_only, [x], tf.float32)


@tf.function
def shadowed(x):
    range = tf.range  # noqa: A001 - a local name, not the builtin
    for _ in range(3):
        x = x * 2.0
    return x


@tf.function
def known_misses(x, n):
    for _ in range(x.shape[0]):  # todo: [python-range-loop]
        x = x * 2.0
    for _ in range(n + 1):  # todo: [python-range-loop]
        x = x + 1.0
    squares = [x * i for i in range(10)]  # todo: [python-range-loop]
    return x, squares


def main():
    called_with_tensors(tf.constant(1.0), tf.constant(3))
    with_signature(tf.constant(1.0), 3)
    known_misses(tf.constant([1.0, 2.0]), 3)
    Stack(3)(tf.constant(1.0))


@tf.function
def indexes_python_list_of_tensors(x):
    parts = tf.unstack(x)
    total = 0.0
    for i in range(3):
        total += parts[i]
    for i in range(2):
        total += tf.split(x, 2)[i]
    return total


@tf.function
def nothing_repeated(x):
    for _ in range(1):
        x = x * 2.0
    for _ in range(0):
        x = x + 1.0
    return x


@tf.function
def python_values_in_body(x):
    for t in range(4):
        x = x + np.array([t, t + 1], dtype=np.float32)
    for i in range(3):
        x = x * float(i)
    return x


# Loops over a tensor's axes (tf-keras' _expand_mask): the count is static and small,
# and the body changes the rank, which a tf.while_loop cannot.
@tf.function
def expand_mask(scores, mask):
    rank_diff = len(scores.shape) - len(mask.shape)
    for _ in range(rank_diff):
        mask = tf.expand_dims(mask, -1)
    for _ in range(len(scores.get_shape()) - 2):
        mask = tf.expand_dims(mask, 1)
    for _ in range(scores.shape.rank - mask.shape.ndims):
        mask = tf.expand_dims(mask, 0)
    return mask


@tf.function
def repeat_layers(x):
    depth = len(STACK)
    for _ in range(depth):  # [python-range-loop]
        x = x * 2.0
    return x


STACK = [1, 2, 3]


# A while-loop whose counter or bound is a tensor is a tf.while_loop (a twin).
@tf.function
def tensor_counter(x, n):
    i = tf.constant(0)
    while i < 4:
        x = x * 2.0
        i += 1
    j = 0
    while j < tf.shape(x)[0]:
        x = x + 1.0
        j += 1
    k = 0
    while k < n:  # a parameter: the call sites decide, unknown here
        x = x - 1.0
        k += 1
    return x


# A while-loop's Python counter that picks items of a Python list (``layers[i](x)``) must stay a
# Python int, as a for-loop's variable must: ``i = tf.constant(0)`` would break the indexing. The
# twin's counter only counts, and is reported.
@tf.function
def list_picking_counter(x, layers):
    i = 0
    while i < 3:
        x = layers[i](x)
        i += 1
    j = 0
    while j < 3:  # [python-range-loop]
        x = x * 2.0
        j += 1
    return x
