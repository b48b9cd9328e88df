"""TFG105: a once-flag whose guarded block returns, in graph code.

Eager calls run the block once and the code after the ``if`` on every later call; the first trace
takes the block, and the graph returns there on every call. Shape of a public report:
https://github.com/larq/larq/pull/100 (a metric's update_state that stores the first values behind
``if not self._built: self._built = True; return ...`` and never counts when Keras traces it).
Twins stay silent: a block that falls through (set-up run once), one that raises, one with
nothing after it, a flag given a non-constant value, eager code, and an object made in the trace.
"""
import tensorflow as tf


class FlipRatio(tf.keras.metrics.Mean):
    def __init__(self, name="flip_ratio"):
        super().__init__(name=name)
        self._previous = self.add_weight(name="previous", shape=(), initializer="zeros")
        self._built = False

    def update_state(self, values, sample_weight=None):
        values = tf.cast(values, self.dtype)
        if not self._built:
            self._built = True  # [python-state-mutation]
            return self._previous.assign(values)
        changed = tf.cast(tf.not_equal(self._previous, values), self.dtype)
        super().update_state(changed)
        return self._previous.assign(values)


class Warmup:
    def __init__(self):
        self._first = True
        self._mean = tf.Variable(0.0)

    @tf.function
    def normalize(self, x):
        with tf.name_scope("normalize"):
            if self._first:
                self._first = False  # [python-state-mutation]
                self._mean.assign(tf.reduce_mean(x))
                return x
        return x - self._mean

    @tf.function
    def build_once(self, x):
        if self._first:
            self._first = False  # falls through: set-up run once, as eagerly
            self._mean.assign(0.0)
        return x - self._mean


class EagerWarmup:
    def __init__(self):
        self._first = True

    def normalize(self, x):
        if self._first:
            self._first = False  # not traced
            return x
        return x - tf.reduce_mean(x)


_STARTED = False


@tf.function
def step(x):
    global _STARTED
    if not _STARTED:
        _STARTED = True  # [python-state-mutation]
        return x
    return x * 2.0


class Checked:
    def __init__(self):
        self._checked = False

    @tf.function
    def check(self, x):
        if not self._checked:
            self._checked = True  # the block raises: the trace fails, no graph is kept
            raise ValueError("not checked")
        return x

    @tf.function
    def last(self, x):
        if not self._checked:
            self._checked = True  # nothing after the if to skip
            return x


class Counted:
    def __init__(self):
        self._seen = 0

    @tf.function
    def call(self, x):
        if not self._seen:
            self._seen = self._seen + 1  # not a once-flag: the value it gets is not a constant
            return x
        return x + 1.0


class Scratch:
    def __init__(self, x):
        self._first = True
        self.x = x

    def first(self):
        if self._first:
            self._first = False  # an object the trace makes itself
            return self.x
        return self.x * 2.0


@tf.function
def per_trace(x):
    return Scratch(x).first()
