"""TFG206: yield in functions whose result TensorFlow receives; generators Python iterates are fine."""
import tensorflow as tf


@tf.function
def decorated(x):
    yield x  # [generator-in-graph]
    yield from (x, x)  # [generator-in-graph]


def wrapped_generator(x):
    yield x * 2  # [generator-in-graph]


wrapped = tf.function(wrapped_generator)


def expand(record):
    yield record  # [generator-in-graph]


expanded = tf.data.Dataset.range(3).map(expand)


class Block(tf.keras.layers.Layer):
    def call(self, inputs):
        yield inputs  # [generator-in-graph]


def halves(x):
    yield x[:1]
    yield x[1:]


@tf.function
def iterates_a_generator(x):
    first, second = halves(x)
    return tf.concat([second, first], axis=0)


def samples():
    yield 1
    yield 2


dataset = tf.data.Dataset.from_generator(samples, output_signature=tf.TensorSpec((), tf.int32))


@tf.function
def builds_a_dataset():
    def local_samples():
        yield 3
        yield 4

    local = tf.data.Dataset.from_generator(local_samples, output_signature=tf.TensorSpec((), tf.int32))
    return local.reduce(0, lambda a, b: a + b)


def eager_generator(x):
    yield x  # not graph code
