"""TFG104: collections that are fresh on every trace, TensorFlow state, and code that is not traced."""
import numpy as np
import tensorflow as tf

RESULTS = []
BUFFER = np.zeros(3)
SHAPE = (2, 3)
counter = tf.Variable(0)
tables = {}


@tf.function
def local_state(x):
    outputs = []
    outputs.append(x)
    lookup = {}
    lookup["x"] = x
    del lookup["x"]
    seen = set()
    seen.add(1)

    def nested(y):
        outputs.append(y)  # the parent's per-trace list
        lookup.update(y=y)
        return y

    nested(x)
    squares = tf.map_fn(lambda v: outputs.append(v) or v, x)
    return tf.stack(outputs), squares


@tf.function
def tensorflow_state(x, n):
    counter.assign_add(1)
    ta = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, x)
    return ta.stack()


class Model(tf.Module):
    def __init__(self, table, metric, strategy):
        super().__init__()
        self.v = tf.Variable(1.0)
        self.table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
        self.other_table = table
        self.metric = metric
        self.strategy = strategy
        self.layers_by_name = {}

    @tf.function
    def __call__(self, x):
        self.v.assign(x)
        self.table.insert(["a"], [1])
        self.other_table.insert(["a"], [1])  # ambiguous method, unknown receiver
        self.metric.update(x)
        self.strategy.extended.update(self.v, lambda v: v)
        if "key" not in tables:
            tables["key"] = tf.lookup.StaticHashTable(
                tf.lookup.KeyValueTensorInitializer(["a"], [1]), -1)
        return x


def helper(acc, x):
    acc.append(x)  # the caller's per-trace list, passed in
    acc[0] = x
    return acc


@tf.function
def calls_helper(x):
    values = []
    helper(values, x)
    return values[0]


def parse(features):
    features["image"] = tf.cast(features["image"], tf.float32)  # a fresh structure per trace
    return features


dataset = tf.data.Dataset.from_tensor_slices({"image": [1, 2]}).map(parse)


@tf.function
def untouchable(x):
    BUFFER[0] = 1.0  # a NumPy array, not a Python collection
    SHAPE.count(2)
    return x


def log_eagerly(x):
    RESULTS.append(x.numpy())
    return x


@tf.function
def python_function(x):
    return tf.py_function(log_eagerly, [x], tf.float32)


@tf.function
def init_scope(x):
    with tf.init_scope():
        RESULTS.clear()
    return x


def not_traced(x):
    RESULTS.append(x)
    tables["x"] = x


@tf.function
def aliases(x):
    buffer = RESULTS
    buffer.append(x)  # todo: [outer-collection-mutation]
    return x


def helper_with_default(x, acc=[]):  # noqa: B006 - the hazard under test
    acc.append(x)  # todo: [outer-collection-mutation]
    return x


@tf.function
def calls_default_helper(x):
    return helper_with_default(x)


class TFDeque:
    """A TensorFlow-state class of the user's own, with list-like method names."""

    def __init__(self, size):
        self.data = tf.Variable(tf.zeros([size]))

    def extend(self, values):
        self.data.assign(values)


class Histogram(tf.Module):
    def __init__(self):
        super().__init__()
        self._buffer = TFDeque(3)

    @tf.function
    def __call__(self, x):
        self._buffer.extend(x)
        return x
