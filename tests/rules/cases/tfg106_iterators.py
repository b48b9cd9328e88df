"""TFG106: next() on Python iterators that outlive the call, in the forms they are made."""
import itertools

import numpy as np
import tensorflow as tf

values = iter([1, 2, 3])
squares = (i * i for i in range(10))
counter = itertools.count()
pairs = zip([1, 2], [3, 4])
table = np.arange(6)
rows = iter(table)
numbers = [0.5, 1.5]
number_iterator = iter(numbers)
numpy_batches = tf.data.Dataset.range(3).as_numpy_iterator()


def schedule():
    yield 0.1
    yield 0.01


rates = schedule()


@tf.function
def consume(x):
    a = next(values)  # [python-iterator-in-graph]
    b = next(squares, 0)  # [python-iterator-in-graph]
    c = next(counter)  # [python-iterator-in-graph]
    d = next(pairs)  # [python-iterator-in-graph]
    e = next(rows)  # [python-iterator-in-graph]
    f = next(number_iterator)  # [python-iterator-in-graph]
    g = rates.__next__()  # [python-iterator-in-graph]
    h = next(numpy_batches)  # [python-iterator-in-graph]
    return x + a + b + c + d[0] + e + f + g + h


@tf.function
def buggy_consume_next(iterator):
    tf.print("Value:", next(iterator))  # [python-iterator-in-graph]


shared = iter([1, 2, 3])
buggy_consume_next(shared)
buggy_consume_next(shared)


class Sampler(tf.Module):
    def __init__(self):
        super().__init__()
        self.weights = iter([0.1, 0.2, 0.3])

    @tf.function
    def __call__(self, x):
        return x * next(self.weights)  # [python-iterator-in-graph]


def helper():
    return next(values)  # [python-iterator-in-graph]


def add_offset(x):
    return x + next(counter)  # [python-iterator-in-graph]


shifted = tf.data.Dataset.range(4).map(add_offset)


@tf.function
def calls_helper(x):
    return x + helper()
