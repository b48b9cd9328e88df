"""TFG304: Python for-loops over data in graph code: literal lists, NumPy, built lists, parameters."""
import numpy as np
import tensorflow as tf

WEIGHTS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
POINTS = [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 32), (6, 64), (7, 128)]
TABLE = np.linspace(0.0, 1.0, 50)
LOADED = np.load("table.npy")
STEPS = []
for step in range(16):
    STEPS.append(0.5 * step)


@tf.function
def literal_data(x):
    for w in WEIGHTS:  # [python-loop-over-data]
        x = x * w
    for a, b in POINTS:  # [python-loop-over-data]
        x = x + a * b
    for w in [1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0, -4.0, 5.0]:  # [python-loop-over-data]
        x = x * w
    for i, w in enumerate(WEIGHTS):  # [python-loop-over-data]
        x = x * w
    for w in reversed(WEIGHTS):  # [python-loop-over-data]
        x = x * w
    for pair in [(1.0, 1.0)] * 10:  # [python-loop-over-data]
        x = x + pair[0]
    for w in list(WEIGHTS):  # [python-loop-over-data]
        x = x * w
    return x


@tf.function
def numpy_data(x):
    for t in TABLE:  # [python-loop-over-data]
        x = x + t
    for t in LOADED:  # [python-loop-over-data]
        x = x + t
    for t in np.arange(100):  # [python-loop-over-data]
        x = x + t
    for row in np.ones((64, 3)):  # [python-loop-over-data]
        x = x + row
    return x


@tf.function
def built_lists(x):
    squares = [float(i * i) for i in range(20)]
    for s in squares:  # [python-loop-over-data]
        x = x + s
    for s in STEPS:  # [python-loop-over-data]
        x = x * s
    return x


@tf.function
def over_parameter(x, values):
    for v in values:  # [python-loop-over-data]
        x = x * v
    return x


class Anchors(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.anchors = np.array([0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0])

    def call(self, x):
        for anchor in self.anchors:  # [python-loop-over-data]
            x = x * anchor
        return x


def helper(x):
    for w in WEIGHTS:  # [python-loop-over-data]
        x = x * w
    return x


def dataset_pipeline(dataset):
    return dataset.map(helper)


def main():
    over_parameter(tf.constant(1.0), [float(v) for v in range(16)])


# -- known misses --------------------------------------------------------------------------------

def accumulate(x, values):
    for v in values:  # todo: [python-loop-over-data]
        x = x * v
    return x


@tf.function
def calls_helper(x):
    return accumulate(x, [float(v) for v in range(16)])  # a helper's parameter: call sites not followed


# Numbers zipped with a range() are still data (the twin of tfg304_silent's metric per temperature).
SCALES = [x * 0.1 for x in range(1, 51)]


@tf.function
def scaled_sum(x):
    total = x
    for scale, _ in zip(SCALES, range(50)):  # [python-loop-over-data]
        total = total + x * scale
    return total


# A list of tensors made over a counted range: one copy of the body per tensor.
BATCHES = [tf.fill([2], float(i)) for i in range(100)]


@tf.function
def total_of_batches():
    acc = tf.zeros([2])
    for batch in BATCHES:  # [python-loop-over-data]
        acc = acc + batch
    return acc
