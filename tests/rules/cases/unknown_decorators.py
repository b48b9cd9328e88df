"""Helpers entered through a decorator the linter does not follow.

DeepMind's Sonnet 2 (held out 2026-11-26) builds each module's variables in ``_initialize``,
decorated ``@once.once`` (a decorator of its own package that runs the method on the first
call only) and called from ``__call__`` on every trace: "creates a new variable on every trace"
is not shown there, so TFG201 and TFG105 report it LOW, naming the decorator. Twins that still
fire: the same helper undecorated, and under decorators known to run the body on every call
(TensorFlow's ``tf.Module.with_name_scope``, Python's ``staticmethod``).
"""
import tensorflow as tf
from sonnet.src import once


class Linear(tf.Module):
    def __init__(self, units):
        super().__init__()
        self.units = units
        self.calls = 0

    @once.once
    def _initialize(self, x):
        self.w = tf.Variable(tf.zeros([x.shape[-1], self.units]))  # low: [variable-created-in-graph]
        self.calls = self.calls + 1  # low: [python-state-mutation]

    @tf.function
    def __call__(self, x):
        self._initialize(x)
        return tf.matmul(x, self.w)


class Plain(tf.Module):
    def _initialize(self, x):
        self.w = tf.Variable(tf.zeros([x.shape[-1], 3]))  # [variable-created-in-graph]

    @tf.function
    def __call__(self, x):
        self._initialize(x)
        return tf.matmul(x, self.w)


class NameScoped(tf.Module):
    @tf.Module.with_name_scope
    def _initialize(self, x):
        self.w = tf.Variable(tf.zeros([x.shape[-1], 3]))  # [variable-created-in-graph]

    @staticmethod
    def _bias():
        return tf.Variable(0.0)  # [variable-created-in-graph]

    @tf.function
    def __call__(self, x):
        self._initialize(x)
        return tf.matmul(x, self.w) + self._bias()


def timed(fn):
    def wrapper(*args, **kwargs):
        result = fn(*args, **kwargs)
        return result

    return wrapper


def first_call_only(fn):
    def wrapper(self, *args):
        if not getattr(self, "_done", False):
            self._done = True
            fn(self, *args)

    return wrapper


class Decorated(tf.Module):
    """Decorators of this module: one that always calls through keeps the finding; one that
    calls only behind an ``if`` is not followed (LOW)."""

    @timed
    def _initialize(self, x):
        self.w = tf.Variable(tf.zeros([x.shape[-1], 3]))  # [variable-created-in-graph]

    @first_call_only
    def _initialize_once(self, x):
        self.b = tf.Variable(tf.zeros([3]))  # low: [variable-created-in-graph]

    @tf.function
    def __call__(self, x):
        self._initialize(x)
        self._initialize_once(x)
        return tf.matmul(x, self.w) + self.b


def memoized_by_key(fn):
    cache = {}

    def wrapper(self, x):
        if "w" in cache:
            return cache["w"]
        result = fn(self, x)
        cache["w"] = result
        return result

    return wrapper


class Memoized(tf.Module):
    """A wrapper that can return before calling through (a memoizer) is not known to run the
    body every time: LOW."""

    @memoized_by_key
    def _make(self, x):
        return tf.Variable(tf.zeros([x.shape[-1]]))  # low: [variable-created-in-graph]

    @tf.function
    def __call__(self, x):
        return x * self._make(x)
