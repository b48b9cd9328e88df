"""Sweep of TensorFlow Probability 0.25.0: a function that builds a fresh local tf.function which
calls the function back once, with a Python flag that stops the second round (math/minimize.py).

TFG205 reported the call of the local tf.function: but the inner call runs with jit_compile=False,
which never reaches the tf.function again, and each call makes a new tf.function object anyway.
A Python-flag guard that is turned off before re-entry is not recursion of a tf.function.
"""
import tensorflow as tf


def _minimize_common(loss_fn, num_steps, jit_compile=False):
    if jit_compile:
        kwargs = {"loss_fn": loss_fn, "num_steps": num_steps, "jit_compile": False}

        @tf.function(autograph=False, jit_compile=True)
        def run_jitted_minimize():
            return _minimize_common(**kwargs)

        return run_jitted_minimize()

    def step(i, loss):
        return i + 1, loss_fn()

    return tf.while_loop(lambda i, _: i < num_steps, step, (0, loss_fn()))[1]


def minimize(loss_fn, num_steps, jit_compile=False):
    return _minimize_common(loss_fn, num_steps, jit_compile=jit_compile)
