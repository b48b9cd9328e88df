"""TFG304: loops over Python things that are not data, small literal tuples, tensors, and misses."""
import numpy as np
import tensorflow as tf

SCALES = (0.5, 1.0, 2.0)
DILATIONS = [1, 2, 4, 8]
NAMES = ("query", "key", "value", "output", "gate", "input", "forget", "cell")
BIG = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]


class Block(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(4) for _ in range(12)]
        self.heads = {name: tf.keras.layers.Dense(4) for name in NAMES}
        self.rates = [1, 2, 4]

    def call(self, x):
        for block in self.blocks:
            x = block(x)
        for name in NAMES:
            x = x + self.heads[name](x)
        for rate in self.rates:
            x = x * rate
        return x

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        for grad, var in zip(grads, self.trainable_variables):
            var.assign_sub(0.1 * grad)
        return {"loss": loss}


@tf.function
def small_literal_loops(x):
    for scale in SCALES:
        x = x * scale
    for rate in DILATIONS:
        x = x + rate
    for key in ("a", "b"):
        x = x + 1.0
    for flag in (True, False, True, False, True, False, True, False):
        x = x + 1.0
    for axis, size in zip((1, 2), BIG):  # zip stops after two elements
        x = x + size
    return x


@tf.function
def tensors_and_datasets(x, dataset):
    for row in x:
        x = x + row
    for t in tf.range(10):
        x = x + 1.0
    for batch in dataset:
        x = x + batch
    for part in tf.unstack(x):
        x = x + part
    for t in [x, x * 2.0, x * 3.0, x, x, x, x, x, x]:
        x = x + t
    for i in range(100):  # [python-range-loop]
        x = x + 1.0  # (TFG303's, not reported twice)
    return x


@tf.function
def loop_variable_stays_python(x, table):
    for i in [0, 1, 2, 3, 4, 5, 6, 7, 8]:
        x = x + table[i]
    for w in BIG:
        x = tf.identity(x, name=f"scaled_{w}")
    return x


@tf.function(autograph=False)
def without_autograph(x):
    for w in BIG:
        x = x * w
    return x


@tf.function
def unknown_kinds(x, values, config):
    for v in values:  # no call site says what it is
        x = x * v
    for v in config.weights:
        x = x * v
    return x


@tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([None], tf.float32)])
def with_signature(x, values):
    for v in values:
        x = x * v
    return x


def not_graph_code(x):
    for w in BIG:
        x = x * w
    return x


def main():
    with_signature(tf.constant(1.0), [float(v) for v in range(16)])
    return [v * 2 for v in BIG]


# Numbers zipped with objects the body needs as Python objects (a metric per temperature) must
# be unrolled: the loop is over the objects too (shape of google/edward2,
# experimental/marginalization_mixup/temperature_scaling.py, https://github.com/google/edward2).
TEMPERATURES = [x * 0.1 for x in range(1, 51)]
TEMPERATURE_METRICS = [{"nll": tf.keras.metrics.Mean()} for _ in TEMPERATURES]


@tf.function
def calibrate(logits):
    for temperature, metrics in zip(TEMPERATURES, TEMPERATURE_METRICS):
        metrics["nll"].update_state(tf.reduce_mean(logits / temperature))
    return logits


# Tensors made one per element of something of unknown length (per-layer states, say): may be a
# few the body needs one by one; and a small known number is a deliberate unroll.
def initial_states(layers):
    return [tf.zeros([1, 4]) for _ in layers]


FEW_STATES = [tf.zeros([1, 4]) for _ in range(3)]


@tf.function
def sum_states(layers):
    acc = tf.zeros([1, 4])
    for state in initial_states(layers):
        acc = acc + state
    for state in [tf.zeros([1, 4]) for _ in layers]:
        acc = acc + state
    for state in FEW_STATES:
        acc = acc + state
    return acc
