"""TFG104: a list on self that the traced method fills and takes from again within each call.

A sequential model keeping skip connections on ``self``: ``__call__`` appends a layer's output and
pops it before a later layer, and no other code names the list. What one trace puts there, the
same trace takes out: scratch of the call (LOW; whether every pop matches an append is not shown).
Twins that stay reported: appends only; popped by another method; read by another method; filled
in the traced method and cleared in ``reset()``; the list handed out by ``return``; a subclass
method that reads it.
"""
import tensorflow as tf


class SkipSequential:
    def __init__(self, layers, saves, uses):
        self.layers = layers
        self.saves = saves
        self.uses = uses
        self.saved = []

    @tf.function
    def __call__(self, x):
        for i, layer in enumerate(self.layers):
            if self.uses[i]:
                x = layer(x, self.saved.pop(0))  # low: [outer-collection-mutation]
            else:
                x = layer(x)
            if self.saves[i]:
                self.saved.append(x)  # low: [outer-collection-mutation]
        return x


class ClearedAtTheEndOfABranch:
    """Emptied by ``clear()`` inside a branch (not a top-level statement), read as a call argument."""

    def __init__(self):
        self.parts = []

    @tf.function
    def call(self, x, merge):
        self.parts.append(x)  # low: [outer-collection-mutation]
        if merge:
            x = tf.add_n(self.parts)
            self.parts.clear()  # low: [outer-collection-mutation]
        return x


class AppendsOnly:
    def __init__(self):
        self.saved = []

    @tf.function
    def __call__(self, x):
        self.saved.append(x)  # [outer-collection-mutation]
        return x * len(self.saved)


class PoppedByAnotherMethod:
    def __init__(self):
        self.saved = []

    def take(self):
        return self.saved.pop(0)  # [outer-collection-mutation]

    @tf.function
    def __call__(self, x):
        self.saved.append(x)  # [outer-collection-mutation]
        self.saved.pop()  # [outer-collection-mutation]
        return x + self.take()


class ReadByAnotherMethod:
    def __init__(self):
        self.saved = []

    def last_saved(self):
        return self.saved[-1]

    @tf.function
    def __call__(self, x):
        self.saved.append(x)  # [outer-collection-mutation]
        y = self.saved.pop()  # [outer-collection-mutation]
        return x + y


class ClearedInReset:
    def __init__(self):
        self.history = []

    def reset(self):
        self.history.clear()

    @tf.function
    def __call__(self, x):
        self.history.append(x)  # [outer-collection-mutation]
        if len(self.history) > 2:
            self.history.pop(0)  # [outer-collection-mutation]
        return x


class HandedOut:
    def __init__(self):
        self.window = []

    @tf.function
    def __call__(self, x):
        self.window.append(x)  # [outer-collection-mutation]
        if len(self.window) > 3:
            self.window.pop(0)  # [outer-collection-mutation]
        return self.window


class Base:
    def __init__(self):
        self.stack = []

    @tf.function
    def __call__(self, x):
        self.stack.append(x)  # [outer-collection-mutation]
        return x + self.stack.pop()  # [outer-collection-mutation]


class ReadingSubclass(Base):
    def depth(self):
        return len(self.stack)
