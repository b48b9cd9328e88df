"""TFG204: accumulating correctly, lists fresh per iteration, Python loops, and TFG104's lists."""
import tensorflow as tf

RESULTS = []


@tf.function
def tensor_array(x, n):
    ta = tf.TensorArray(tf.float32, size=n)
    total = tf.constant(0.0)
    for i in tf.range(n):
        total += x
        ta = ta.write(i, total)
    return ta.stack()


@tf.function
def fresh_per_iteration(n):
    s = tf.constant(0)
    for i in tf.range(n):
        parts = []
        parts.append(i)
        parts += [i]
        s += tf.add_n(parts)
    return s


@tf.function
def python_while(x):
    out = []
    while len(out) < 3:
        out.append(x)
    return tf.stack(out)


@tf.function
def dict_in_loop(n):
    latest = {}
    for i in tf.range(n):
        latest["i"] = i
    return latest["i"]


@tf.function
def outer_list_is_tfg104s(n):
    for i in tf.range(n):
        RESULTS.append(i)  # [outer-collection-mutation]
    return n


@tf.function
def argument_is_tfg104s(values, n):
    for i in tf.range(n):
        values.append(i)  # [outer-collection-mutation]
    return n


class Recorder(tf.Module):
    def __init__(self):
        super().__init__()
        self.history = []

    @tf.function
    def __call__(self, n):
        for i in tf.range(n):
            self.history.append(i)  # [outer-collection-mutation]
        return n


def parse(record):
    keys = []
    keys.append(record)
    return keys[0]


parsed = tf.data.Dataset.range(3).map(parse)


def eager_loop(n):
    out = []
    for i in tf.range(n):
        out.append(i)  # not graph code: eager iteration
    return out
