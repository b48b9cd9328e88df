"""A helper's branch decided by a flag of a function defined inside another function. Only the
enclosing function can name such a def, so when every use of the name there is a call, those
are all its calls, and what its parameters are in every call (for a tf.function, in every
trace) is what they pass, or the default where they pass nothing. Calls made through a local
table that a loop goes through (``for mode, fn in variants.items(): fn(x)``) are calls of each
entry. The test idiom that compares eager, graph and XLA runs wraps a helper so; when no call
turns ``verbose`` on, its ``if verbose:`` branch never runs in a trace: LOW, off by default.

The twins stay reported: a call through the table that turns the flag on, a wrapper that is
also handed on (returned: its other calls are not seen), and a wrapper defined at module level
(another file may import it and call it with the flag on)."""
import tensorflow as tf


def describe(x, verbose=False):
    if verbose:
        value = x.numpy()  # low: [eager-only-call-in-graph]
        print("describe", value)  # low: [python-print-in-graph]
    return x * 2


def test_describe_in_every_mode():
    @tf.function
    def describe_graph(x, verbose=False):
        return describe(x, verbose=verbose)

    @tf.function(jit_compile=True)
    def describe_xla(x, verbose=False):
        return describe(x, verbose=verbose)

    variants = {"eager": describe, "graph": describe_graph, "xla": describe_xla}
    for mode, fn in variants.items():
        assert fn(tf.constant([1.0]))[0] == 2.0, mode


def test_describe_own_branch():
    @tf.function
    def summarise(x, verbose=False):
        if verbose:
            value = x.numpy()  # low: [eager-only-call-in-graph]
            print("summarise", value)  # low: [python-print-in-graph]
        return x + 1

    for fn in [summarise]:
        fn(tf.constant([1.0]))
    summarise(tf.constant([2.0]), verbose=False)


def measure(x, verbose=False):
    if verbose:
        value = x.numpy()  # [eager-only-call-in-graph]
        print("measure", value)  # [python-print-in-graph]
    return x * 3


def test_measure_turned_on_through_the_table():
    @tf.function
    def measure_graph(x, verbose=False):
        return measure(x, verbose=verbose)

    variants = {"eager": measure, "graph": measure_graph}
    for _, fn in variants.items():
        fn(tf.constant([1.0]), verbose=True)


def scale(x, verbose=False):
    if verbose:
        value = x.numpy()  # [eager-only-call-in-graph]
        print("scale", value)  # [python-print-in-graph]
    return x * 4


def make_scale_graph():
    @tf.function
    def scale_graph(x, verbose=False):
        return scale(x, verbose=verbose)

    scale_graph(tf.constant([1.0]))
    return scale_graph


def shift(x, verbose=False):
    if verbose:
        value = x.numpy()  # [eager-only-call-in-graph]
        print("shift", value)  # [python-print-in-graph]
    return x - 1


@tf.function
def shift_graph(x, verbose=False):
    return shift(x, verbose=verbose)


def test_shift():
    shift_graph(tf.constant([1.0]))
