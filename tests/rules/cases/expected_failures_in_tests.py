"""Tests that exercise tracing failures on purpose: what they expect to raise is not a finding.

The review corpus: tests of TensorFlow libraries define tf.functions only to watch them raise (inside
``self.assertRaises``/``pytest.raises``). The same code outside such a block is still reported.
"""
import unittest

import numpy as np
import pytest
import tensorflow as tf


class TracingErrorsTest(unittest.TestCase):
    def test_numpy_in_graph_raises(self):
        @tf.function
        def to_numpy(x):
            return x.numpy()  # used only under assertRaises: what the test checks

        with self.assertRaises(AttributeError):
            to_numpy(tf.constant(1.0))

    def test_call_form(self):
        @tf.function
        def make_variable(x):
            return tf.Variable(x)  # handed only to assertRaises' call form

        self.assertRaises(ValueError, make_variable, tf.constant(1.0))

    def test_inside_the_block(self):
        with self.assertRaisesRegex(ValueError, "must also be initialized"):
            @tf.function
            def branch(x):
                return tf.Variable(x)  # defined inside the block
            branch(tf.constant(1.0))

    def test_also_used_normally(self):
        @tf.function
        def draw(x):
            return x + np.random.uniform()  # [python-random-in-graph]

        draw(tf.constant(1.0))  # one use outside any expectation: the hazard is real
        with self.assertRaises(TypeError):
            draw("not a tensor")


def test_pytest_raises():
    @tf.function
    def to_numpy(x):
        return x.numpy()

    with pytest.raises(AttributeError):
        to_numpy(tf.constant(1.0))


@tf.function
def module_level(x):
    return x.numpy()  # [eager-only-call-in-graph]


def test_module_level_function_is_still_reported():
    with pytest.raises(AttributeError):
        module_level(tf.constant(1.0))  # other modules may call it normally


class WrappedWhereFailureIsExpected(unittest.TestCase):
    """Sonnet's utils_test (held out 2026-11-26): ``foo`` is made graph code by a
    ``tf.function(foo, autograph=False)`` call inside ``assertRaises``; the test then hands
    ``foo`` to something else. The trace that call makes is the failure the test expects."""

    def test_unconverted_branch_raises(self):
        def foo(x):
            if x > 0:
                return x * x
            return -x

        with self.assertRaises(Exception):
            traced = tf.function(foo, autograph=False)
            traced(tf.constant(2.0))
        self.assertEqual(float(other_wrapper(foo)(tf.constant(2.0))), 4.0)

    def test_wrapped_outside_the_expectation(self):
        def bar(x):
            if x > 0:  # [tensor-used-as-python-value]
                return x * x
            return -x

        traced = tf.function(bar, autograph=False)
        with self.assertRaises(Exception):
            traced(tf.constant(2.0))  # wrapped outside: other calls of it may be meant to work
        return traced


def other_wrapper(fn):
    return fn


class LayerStateTest(tf.test.TestCase):
    """Keras' own layer tests: a layer class made in the test whose instances are only called
    under assertRaisesRegex fails there on purpose (silent); the twin's instance is also called
    outside it."""

    def test_tracker_locking(self):
        class BadLayer(tf.keras.layers.Layer):
            def call(self, x):
                self.w = self.add_weight(initializer="zeros", shape=())
                return x

        layer = BadLayer()
        with self.assertRaisesRegex(ValueError, "cannot add new elements of state"):
            layer(tf.ones([3, 2]))

    def test_tracker_locking_twice(self):
        class AlsoBadLayer(tf.keras.layers.Layer):
            def call(self, x):
                self.w = self.add_weight(initializer="zeros", shape=())  # [variable-created-in-graph]
                return x

        layer = AlsoBadLayer()
        with self.assertRaisesRegex(ValueError, "cannot add new elements of state"):
            layer(tf.ones([3, 2]))
        layer(tf.ones([3, 2]))


def test_failure_caught_by_name():
    """A try: that catches the named class the trace raises expects that error (silent); one
    that catches everything guards against failure (reported), and a print is no error."""
    @tf.function
    def make_variable(x):
        return tf.Variable(x)

    try:
        make_variable(tf.constant(1.0))
    except (ValueError, TypeError):
        pass

    @tf.function
    def make_variable_guarded(x):
        return tf.Variable(x)  # [variable-created-in-graph]

    try:
        make_variable_guarded(tf.constant(1.0))
    except:  # noqa: E722 - a bare except expects nothing in particular
        pass

    @tf.function
    def log_and_fail(x):
        print(x)  # [python-print-in-graph]
        return x.numpy()

    try:
        log_and_fail(tf.constant(1.0))
    except AttributeError:
        pass
