"""TFG303 on loops whose body creates no TensorFlow op: unrolling them adds nothing to the graph.

Pairwise interactions index a tensor with index lists built in Python: the loop appends Python
ints only (and counts in a Python number), and ``tf.range`` would break the indexing that
follows. Twins: the same loops once the body calls TensorFlow, does arithmetic on a value not
shown to be Python, calls a helper, or nests a loop whose bound may be a tensor, stay reported.
"""
import tensorflow as tf

FIELDS = 60


@tf.function
def pairwise_product(inputs):
    row, col = [], []
    pairs = 0
    for i in range(FIELDS - 1):
        for j in range(i + 1, FIELDS):
            row.append(i)
            col.append(j)
            pairs += 1
    p = tf.gather(inputs, row, axis=1)
    q = tf.gather(inputs, col, axis=1)
    return p * q / pairs


@tf.function
def pairwise_sum(inputs):
    total = tf.zeros_like(inputs[..., 0])
    for i in range(FIELDS - 1):  # [python-range-loop]
        total += tf.reduce_sum(inputs, axis=-1) * i
    return total


@tf.function
def powers(x):
    scale = x
    for _ in range(FIELDS):  # [python-range-loop]
        scale = scale * x
    return scale


def pair(i, j):
    return tf.constant([i, j])


@tf.function
def helper_pairs(inputs, n):
    pairs = 0
    for i in range(FIELDS):  # [python-range-loop]
        pairs = pairs + pair(i, i + 1)
    count = 0
    for i in range(FIELDS):  # [python-range-loop]
        for j in range(n):
            count += 1
    return inputs, pairs, count


@tf.function
def counted(x):
    for _ in range(FIELDS):  # [python-range-loop]
        x += 1
    return x


@tf.function
def byte_table(inputs, extra):
    # keras-hub's bytes_to_unicode: a copy of a Python list (``codes[:]``) filled with Python ints
    # (silent); the twin appends to a copy of a parameter, which may be a tensor.
    codes = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    chars = codes[:]
    for b in range(2**8):
        if b not in codes:
            codes.append(b)
            chars.append(2**8 + b)
    others = extra[:]
    for b in range(2**8):  # [python-range-loop]
        others.append(b)
    return tf.gather(inputs, chars), others
