"""TFG203: Python asks for a tensor's value where AutoGraph does not convert, with AutoGraph on."""
import tensorflow as tf

THRESHOLDS = [0.1, 0.5]


@tf.function
def truth_values(x):
    total = tf.reduce_sum(x)
    positive = bool(total > 0)  # [tensor-used-as-python-value]
    either = bool(total > 0 or total < -5)  # [tensor-used-as-python-value]
    assert total > 0  # [tensor-used-as-python-value]
    assert tf.reduce_all(x > 0), "all positive"  # [tensor-used-as-python-value]
    known = total in [1.0, 2.0]  # [tensor-used-as-python-value]
    unknown = total not in THRESHOLDS  # [tensor-used-as-python-value]
    v2 = bool(tf.__internal__.tf2.enabled())  # whether TF2 behaviour is on, a Python bool: silent
    return positive, either, known, unknown, v2


@tf.function
def iterating_builtins(x):
    rows = list(x)  # [tensor-used-as-python-value]
    total = sum(x)  # [tensor-used-as-python-value]
    anything = any(x > 0)  # [tensor-used-as-python-value]
    smallest = min(x)  # [tensor-used-as-python-value]
    larger = max(tf.reduce_sum(x), 0.0)  # [tensor-used-as-python-value]
    return rows, total, anything, smallest, larger


@tf.function
def comprehensions(x):
    scores = tf.unstack(x)
    kept = [s for s in scores if s > 0]  # [tensor-used-as-python-value]
    doubled = [v * 2 for v in x]  # [tensor-used-as-python-value]
    indices = [i for i in range(tf.shape(x)[0])]  # [tensor-used-as-python-value]
    pairs = {i: v for i, v in enumerate(x)}  # [tensor-used-as-python-value]
    flags = [t for t in THRESHOLDS if tf.reduce_max(x) > t]  # [tensor-used-as-python-value]
    return kept, doubled, indices, pairs, flags


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32)])
def declared_tensors(x, limit):
    if bool(limit > 0):  # [tensor-used-as-python-value]
        return x
    return [v for v in x]  # [tensor-used-as-python-value]


@tf.function
def called_with_a_tensor(x, limit):
    return bool(limit)  # [tensor-used-as-python-value]


@tf.function
def called_with_python_values(x, limit):
    return bool(limit)


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.count = tf.Variable(0)

    @tf.function
    def over(self, limit):
        return bool(self.count > limit)  # [tensor-used-as-python-value]


def helper(value):
    return bool(value)  # [tensor-used-as-python-value]


@tf.function
def uses_helper(x):
    return helper(tf.reduce_sum(x))


def main():
    x = tf.constant([1.0, 2.0])
    called_with_a_tensor(x, tf.constant(1.0))
    called_with_python_values(x, 3)
    iterating_builtins(x)
    comprehensions(tf.constant([1.0, -2.0]))
    return uses_helper(x)


# -- silent: converted by AutoGraph, Python values, or unknown -----------------------------------

@tf.function
def converted(x):
    total = tf.reduce_sum(x)
    if total > 0:  # tf.cond
        total = total * 2
    while total > 100:  # tf.while_loop
        total = total / 2
    sign = 1.0 if total > 0 else -1.0  # conditional expressions are converted
    both = total > 0 and total < 10  # and/or/not are converted
    count = int(total) + len(x)  # int()/float()/len() become tf.cast / tf.shape
    for v in x:  # a tensor loop
        tf.print(v)
    ordered = sorted(x)  # AutoGraph converts sorted()
    return sign, both, count, ordered


@tf.function
def python_values(x, training=False):
    if tf.executing_eagerly() or tf.is_tensor(x) is False:
        return x
    if x.shape[0] > 2 and x.shape.rank == 1:
        x = x[:2]
    sizes = [n for n in [1, 2, 3] if n > 1]
    names = [f"block_{i}" for i in range(3)]
    if training and not tf.executing_eagerly():
        x = x * 2
    total = sum([1, 2, 3]) + len(THRESHOLDS)
    assert total > 0
    assert x is not None
    assert isinstance(sizes, list)
    first = bool(sizes)
    return x, names, first, 2 in sizes, max(1, total)


@tf.function
def stacked_pieces(x):
    pieces = tf.unstack(x)
    doubled = [p * 2 for p in pieces]  # a Python list of tensors: fine
    return tf.stack(doubled)


@tf.function
def unknown_parameter(x, flag):
    return bool(flag), [v for v in x]


def eager_only(x):
    return bool(tf.reduce_sum(x) > 0)


@tf.function
def python_function(x):
    return tf.py_function(eager_only, [x], tf.bool)


# Functions that return a tuple: its items are a list of tensors and a tensor, so iterating
# the first is Python iteration over a list (shape of deepmind/acme, agents/tf/mpo/learning.py,
# https://github.com/deepmind/acme). A tensor op's result still cannot be iterated.
@tf.function
def clipped(gradients):
    clipped_gradients = tuple(tf.clip_by_global_norm(gradients, 40.0)[0])
    parts = tuple(tf.reduce_sum(g) for g in clipped_gradients)
    return parts, list(tf.linalg.global_norm(gradients))  # [tensor-used-as-python-value]


# tf.__internal__.nest is tf.nest's fuller twin: its paths are Python tuples (tf_keras'
# compile_utils, found through the project view). Twin: a tf.* op's result, a tensor.
@tf.function
def pseudo_names(outputs):
    paths = list(tf.__internal__.nest.yield_flat_paths(outputs))
    return paths, list(tf.reduce_sum(outputs))  # [tensor-used-as-python-value]


@tf.function(autograph=False)
def python_values_of_tensor_expressions(x):
    total = tf.reduce_sum(x)
    if total == None:  # a Python bool in TF2 (False): silent
        total = 0.0
    if tf.unstack(x)[1:]:  # a slice of a list of tensors is a list: silent
        total += 1.0
    if tf.unstack(x)[0] > 0:  # [tensor-used-as-python-value]
        total -= 1.0
    return total


class LengthMasked(tf.keras.layers.Layer):
    """Keras hands call() tensors, or structures of them, in its required positional inputs."""

    def __init__(self, sizes=(2, 3)):
        super().__init__()
        self.sizes = list(sizes)

    def call(self, values, lengths, limits=(4, 8), training=False):
        longest = max(lengths)  # low: [tensor-used-as-python-value]
        shortest = min(values)  # low: [tensor-used-as-python-value]
        widest = max(limits)  # an option with a default: may be Python values
        largest = max(self.sizes)
        return longest, shortest, widest, largest, self.padded(lengths)

    def padded(self, lengths):
        return max(lengths)  # not call(): what its callers pass is not known


class PlainModule(tf.Module):
    @tf.function
    def __call__(self, lengths):
        return max(lengths)  # not a Keras call; a plain tf.function's argument may be a list
