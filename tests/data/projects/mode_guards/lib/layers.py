"""Keras layers keeping a Python path behind a mode guard of another file (lib/modes): the Python
path no trace takes is silent (a callee reached only from it) or LOW (code in the branch itself).
Twins: a guard that is not only a mode test, and a same-file function that asks more than the
mode, leave the Python path traced and reported."""
import random

import keras
import tensorflow as tf

from lib import modes
from lib.modes import eager_now, graph_or_flag, in_graph


def settled():
    if tf is None:
        return True
    return tf.inside_function()


def settled_and_logged():
    print("asked")  # [python-print-in-graph]
    return tf.inside_function()


class Masker(keras.layers.Layer):
    def call(self, inputs):
        if not self.python_ok or in_graph():
            return self._call_tf(inputs)
        else:
            return self._call_python(inputs)

    def _call_tf(self, inputs):
        return tf.random.shuffle(inputs)

    def _call_python(self, inputs):
        return random.random() * inputs


class Deleter(keras.layers.Layer):
    def call(self, inputs):
        if modes.eager_now():
            print("eager path", inputs)  # no trace takes this branch: silent
        if settled():
            return inputs
        return random.random() * inputs  # low: [python-random-in-graph]


class Twins(keras.layers.Layer):
    def call(self, inputs):
        if not graph_or_flag():
            print("python path", inputs)  # [python-print-in-graph]
        if not settled_and_logged():
            return random.random() * inputs  # [python-random-in-graph]
        return inputs
