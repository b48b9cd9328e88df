"""TFG302 where the repetition is test code: LOW. A test runs once, and each of its iterations
sets up a case of its own that a Function made once would trace for as well (google/qhbm-library's
tests build new models per iteration), so hoisting saves no trace there. The same loops in
library code stay reported."""
import tensorflow as tf


def add_one(x):
    return x + 1


def make_and_run(x):
    step = tf.function(add_one)  # low: [tf-function-in-loop]
    return step(x)


def make_and_run_in_library(x):
    step = tf.function(add_one)  # [tf-function-in-loop]
    return step(x)


class AddOneTest(tf.test.TestCase):

    def test_each_size(self):
        for size in (1, 2, 3):
            wrapper = tf.function(add_one)  # low: [tf-function-in-loop]
            self.assertAllEqual(wrapper(tf.zeros([size])), tf.ones([size]))

    def test_through_a_helper(self):
        for size in (1, 2):
            self.assertAllEqual(make_and_run(tf.zeros([size])), tf.ones([size]))


def test_each_size_pytest():
    # pytest collects test_ functions only from test files (test_*.py, *_test.py): outside one,
    # the name alone says nothing, and the loop stays reported
    for size in (1, 2, 3):
        @tf.function  # [tf-function-in-loop]
        def wrapper(x):
            return x + 1
        assert wrapper(tf.zeros([size])).shape == (size,)


def run_all(sizes):
    out = []
    for size in sizes:
        wrapper = tf.function(add_one)  # [tf-function-in-loop]
        out.append(wrapper(tf.zeros([size])))
    for size in sizes:
        out.append(make_and_run_in_library(tf.zeros([size])))
    return out


class Trainer:
    # A trainer's own ``test`` method (an anomaly-detection trainer's latent search per test
    # sample): not a test, whatever its name; the per-sample Function stays reported.
    def test(self, samples):
        out = []
        for sample in samples:
            step = tf.function(add_one)  # [tf-function-in-loop]
            out.append(step(sample))
        return out
