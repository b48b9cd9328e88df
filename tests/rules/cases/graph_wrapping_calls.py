"""Functions wrapped by a tf.function(...) call are graph code."""
import functools

import tensorflow as tf


def train_step(x):
    print("step", x)  # [python-print-in-graph]
    return x


step = tf.function(train_step)


def compiled(x):
    print(x)  # [python-print-in-graph]


compiled_step = tf.function(compiled, jit_compile=True)


def configured(x):
    print(x)  # [python-print-in-graph]


configured_step = tf.function(reduce_retracing=True)(configured)


def partial_target(x, scale):
    print(x)  # [python-print-in-graph]


partial_step = tf.function(functools.partial(partial_target, scale=2))

lambda_step = tf.function(lambda x: print(x))  # [python-print-in-graph]


class Trainer:
    def __init__(self):
        self.fn = tf.function(self._fn)

    def _fn(self, x):
        print(x)  # [python-print-in-graph]

    def unrelated(self, x):
        print(x)


def never_wrapped(x):
    print(x)
