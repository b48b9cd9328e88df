"""TFG105: a nonlocal counter that the enclosing test asserts on counts traces on purpose (LOW);
one nothing asserts on stays reported.

Shape of a probabilistic-modelling library's tests of its tf.function caching (held-out review
corpus, 2026-11-28): ``count += 1`` inside the traced function, then ``assert count == ...``.
"""
import tensorflow as tf


def test_traces_once():
    count = 0

    @tf.function
    def total(x):
        nonlocal count
        count += 1  # low: [python-state-mutation]
        return tf.reduce_sum(x)

    total(tf.ones([2]))
    before = count
    total(tf.zeros([2]))
    assert count == before


class TracingTest:
    def test_counts(self):
        calls = 0

        @tf.function
        def step(x):
            nonlocal calls
            calls += 1  # low: [python-state-mutation]
            return x * 2.0

        step(tf.ones([1]))
        self.assertEqual(calls, 1)


def run_steps(xs):
    steps = 0

    @tf.function
    def step(x):
        nonlocal steps
        steps += 1  # [python-state-mutation]
        return x + 1.0

    for x in xs:
        step(x)
    return steps
