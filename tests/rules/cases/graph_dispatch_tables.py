"""Functions a traced function runs through a dispatch table: a dict literal of functions looked
up by a key (``table[kind]``, ``table.get(kind, default)``) and called. Any value may run, so each
is graph code (the shape of piotrlaczkowski/keras-data-processor's distribution encoder, which
picks its transform from such a table in a Keras layer's call:
https://github.com/piotrlaczkowski/keras-data-processor/commit/a3fe7e15712297bc8a1eb9cf8dae9ee2d3a5ce0e).
"""
import tensorflow as tf


def scale(x):
    print("scale", x)  # [python-print-in-graph]
    return x * 2.0


def shift(x):
    print("shift", x)  # [python-print-in-graph]
    return x + 1.0


def clip(x):
    print("clip", x)  # [python-print-in-graph]
    return tf.clip_by_value(x, 0.0, 1.0)


@tf.function
def transform(x, kind):
    table = {"scale": scale, "shift": shift}
    return table[kind](x)


@tf.function
def transform_or_clip(x, kind):
    chosen = {"scale": scale}.get(kind, clip)
    return chosen(x)


class Encoder(tf.keras.layers.Layer):
    def call(self, inputs):
        handlers = {"normal": self._normal, "sparse": self._sparse}
        handler = handlers.get("normal", self._normal)
        return handler(inputs, 0.5)

    def _normal(self, inputs, rate):
        print("normal", rate)  # [python-print-in-graph]
        return inputs * rate

    def _sparse(self, inputs, rate):
        print("sparse", rate)  # [python-print-in-graph]
        return inputs


# Silent: a table looked up in eager code only, a table of values that are not functions, and
# functions of a table a traced function never calls (it returns the table).
def eager_only(x, kind):
    return {"one": report}[kind](x)


def report(x):
    print("report", x)
    return x


def described(x):
    print("described", x)
    return x


@tf.function
def settings(x, kind):
    rates = {"low": 0.1, "high": 0.9}
    return x * rates.get(kind, 0.5)


@tf.function
def handlers_for(x):
    table = {"described": described}
    return x, len(table)
