"""TFG204: per-trace Python lists grown inside the loops AutoGraph turns into tf.while_loop."""
import tensorflow as tf


@tf.function
def while_on_a_tensor(n):
    out = []
    i = tf.constant(0)
    while i < n:
        out.append(i)  # [python-list-in-tensor-loop]
        i += 1
    return tf.stack(out)


@tf.function
def loop_forms(x, n):
    rows = []
    squares = []
    ids = []
    pairs = []
    chunks = []
    for row in tf.reshape(x, [-1, 2]):
        rows.append(row)  # [python-list-in-tensor-loop]
    for i in range(tf.shape(x)[0]):
        squares.extend([x[i] ** 2])  # [python-list-in-tensor-loop]
    for element in tf.data.Dataset.range(3):
        ids += [element]  # [python-list-in-tensor-loop]
    for index, value in enumerate(tf.data.Dataset.range(3)):
        pairs = pairs + [index, value]  # [python-list-in-tensor-loop]
    for i in tf.range(n):
        if i > 2:
            chunks.append(i)  # [python-list-in-tensor-loop]
    return rows, squares, ids, pairs, chunks


@tf.function
def dataset_argument(ds):
    seen = []
    for batch in ds:
        seen.append(batch)  # [python-list-in-tensor-loop]
    return seen


@tf.function
def nested_loops(n):
    outer = []
    for i in tf.range(n):
        inner = []
        for j in tf.range(i):
            inner.append(j)  # [python-list-in-tensor-loop]
            outer.append(j)  # [python-list-in-tensor-loop]
    return outer


@tf.function
def tuple_accumulator(n):
    acc = ()
    for i in tf.range(n):
        acc += (i,)  # [python-list-in-tensor-loop]
    return acc


def make_buffer():
    return []


@tf.function
def unknown_local(n):
    buffer = make_buffer()
    for i in tf.range(n):
        buffer.append(i)  # [python-list-in-tensor-loop]
    return buffer


@tf.function
def nested_def(n):
    out = []

    def body():
        for i in tf.range(n):
            out.append(i)  # [python-list-in-tensor-loop]

    body()
    return out


def collect(acc, n):
    for i in tf.range(n):
        acc.append(i)  # [python-list-in-tensor-loop]
    return acc


@tf.function
def calls_collect(n):
    return collect([], n)
