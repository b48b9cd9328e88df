"""Once-flags: ``if self._once: ...`` whose function then sets ``self._once = False`` runs its
block on the first call only, eagerly as in graph code: print and variables behind it stay silent.
The twins fire: a flag never cleared, cleared only in another method, cleared under a condition,
set back outside set-up, skipped by an early return, or holding a tensor."""
import tensorflow as tf

_first_call = True


class ClearedAtTheEnd:
    def __init__(self):
        self._once = True
        self.slots = {}

    @tf.function
    def __call__(self, params):
        self._once and print("parameters", params)
        if self._once:
            print("found", len(params), "parameters")
            self.slots = {p.name: tf.Variable(tf.zeros_like(p)) for p in params}
        for p in params:
            self.slots[p.name].assign_add(p)
        self._once = False
        return params


class ClearedInTheBlock:
    def __init__(self):
        self._done = False

    def reset(self):
        self._done = False

    @tf.function
    def step(self, x):
        if not self._done:
            self._done = True
            print("building the accumulator")
            self.total = tf.Variable(0.0)
        self.total.assign_add(x)
        return x


class LoggingHelper:
    """The helper only tests the flag; its one caller clears it after the call."""

    def __init__(self, verbose):
        self._verbose = verbose
        self._once = True

    @tf.function
    def __call__(self, params):
        self._decay(params)
        self._once = False
        return params

    def _decay(self, params):
        log = self._verbose and self._once
        if log:
            print("decaying", params)
        for p in params:
            p.assign(0.99 * p)


@tf.function
def with_a_global(x):
    global _first_call
    if _first_call:
        print("value", x)
    _first_call = False
    return x


def make_step():
    first = True

    @tf.function
    def step(x):
        nonlocal first
        if first:
            print("value", x)
        first = False
        return x

    return step


# -- twins that fire --------------------------------------------------------------------------
class NeverCleared:
    def __init__(self):
        self._verbose = True

    @tf.function
    def __call__(self, x):
        if self._verbose:
            print("value", x)  # [python-print-in-graph]
            self.v = tf.Variable(x)  # [variable-created-in-graph]
        return x


class ClearedInAnotherMethod:
    def __init__(self):
        self._once = True

    def finish(self):
        self._once = False

    @tf.function
    def __call__(self, x):
        self._once and print("value", x)  # [python-print-in-graph]
        if self._once:
            print("value", x)  # [python-print-in-graph]
            self.v = tf.Variable(x)  # [variable-created-in-graph]
        return x


class ClearedUnderACondition:
    def __init__(self):
        self._once = True
        self.calls = 0

    @tf.function
    def __call__(self, x):
        if self._once:
            print("value", x)  # [python-print-in-graph]
            self.v = tf.Variable(x)  # [variable-created-in-graph]
        self.calls += 1  # [python-state-mutation]
        if self.calls > 3:
            self._once = False
        return x


class SetBackBetweenCalls:
    def __init__(self):
        self._once = True

    def on_epoch_end(self):
        self._once = True

    @tf.function
    def __call__(self, x):
        if self._once:
            print("value", x)  # [python-print-in-graph]
            self.v = tf.Variable(x)  # [variable-created-in-graph]
        self._once = False
        return x


class EarlyReturnSkipsTheClear:
    def __init__(self):
        self._once = True

    @tf.function
    def __call__(self, x, fast):
        if self._once:
            print("value", x)  # [python-print-in-graph]
            self.v = tf.Variable(x)  # [variable-created-in-graph]
        if fast:
            return x
        self._once = False
        return x


class HelperFlagNotClearedByItsCaller:
    def __init__(self):
        self._once = True

    def done(self):
        self._once = False

    @tf.function
    def __call__(self, x):
        self._show(x)
        return x

    def _show(self, x):
        show = self._once
        if show:
            print("value", x)  # [python-print-in-graph]


class TensorFlag:
    def __init__(self):
        self._once = tf.constant(True)

    @tf.function
    def __call__(self, x):
        if self._once:
            print("value", x)  # [python-print-in-graph]
            self.v = tf.Variable(x)  # [variable-created-in-graph]
        self._once = False
        return x

