"""Nested defs, lambdas and same-module helpers reached from traced code are traced too."""
import tensorflow as tf


def leaf(x):
    print("leaf", x)  # [python-print-in-graph]


def middle(x):
    leaf(x)
    return x


def only_called_eagerly(x):
    print(x)


@tf.function
def step(x):
    middle(x)

    def nested(y):
        print(y)  # [python-print-in-graph]
        return y

    square = lambda y: print(y)  # [python-print-in-graph]
    nested(x)
    square(x)
    return x


class Layerish(tf.Module):
    def helper(self, x):
        print(x)  # [python-print-in-graph]

    def unused_helper(self, x):
        print(x)

    @tf.function
    def __call__(self, x):
        self.helper(x)
        return x


def recursive_helper(n):
    print(n)  # [python-print-in-graph]
    if n:
        recursive_helper(n - 1)


@tf.function
def calls_recursive():
    recursive_helper(3)


only_called_eagerly(1)
