"""TFG205: direct and mutual recursion among tf.functions; Python recursion at trace time is fine,
and so is an abstract method's body, which self.<name>() never runs in an ABC."""
from abc import ABC, ABCMeta, abstractmethod

import tensorflow as tf


@tf.function
def direct(n):
    if n <= 1:
        return n
    return direct(n - 1) + 1  # [recursive-tf-function]


@tf.function
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)  # [recursive-tf-function]


@tf.function
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)  # [recursive-tf-function]


@tf.function
def through_helper(n):
    return halve(n)


def halve(n):
    return through_helper(n // 2)  # [recursive-tf-function]


@tf.function
def through_cond(n):
    return tf.cond(n <= 1, lambda: n, lambda: through_cond(n - 1) * n)  # [recursive-tf-function]


def _step(x, depth):
    return step(x, depth - 1)  # [recursive-tf-function]


step = tf.function(_step)


class Tree(tf.Module):
    @tf.function
    def depth(self, n):
        return self.depth(n - 1) + 1  # [recursive-tf-function]


@tf.function
def outer_with_inner(n):
    @tf.function
    def inner_step(m):
        return outer_with_inner(m - 1)  # [recursive-tf-function]

    return inner_step(n)  # a new inner tf.function on every round: the call above is the cycle


def fact(n):
    return fact(n - 1) * n if n > 1 else 1  # the plain function: Python recursion (fine for a Python n)


fact_fn = tf.function(fact)


def build(x, levels):
    if levels == 0:
        return x
    return build(tf.nn.relu(x), levels - 1)  # a Python helper recursing over a Python int


@tf.function
def uses_build(x):
    return build(x, 3)


@tf.function
def inner(x):
    return x * 2


@tf.function
def outer(x):
    return inner(x) + inner(x + 1)


def count_down(n):
    return 0 if n == 0 else count_down(n - 1)  # not graph code


class Integrator(ABC):
    # In the shape of https://github.com/N3PDF/vegasflow (monte_carlo.py): the base's abstract
    # run_event would re-enter the tf.function, but self.run_event() runs a subclass's override.
    def compile(self, integrand):
        def batch_events():
            return self.run_event(integrand)

        self.event = tf.function(batch_events)

    @abstractmethod
    def run_event(self, integrand):
        return self.event()


class MetaIntegrator(metaclass=ABCMeta):
    # The same with metaclass=ABCMeta instead of the ABC base.
    def compile(self, integrand):
        def batch_events():
            return self.run_event(integrand)

        self.event = tf.function(batch_events)

    @abstractmethod
    def run_event(self, integrand):
        return self.event()


class PlainIntegrator(Integrator):
    def run_event(self, integrand):
        return integrand(tf.ones([3]))


class NotAnAbc:
    # Without ABCMeta, @abstractmethod stops nothing: a subclass that keeps the body runs it.
    def compile(self, integrand):
        def batch_events():
            return self.run_event(integrand)

        self.event = tf.function(batch_events)

    @abstractmethod
    def run_event(self, integrand):
        return self.event()  # [recursive-tf-function]
