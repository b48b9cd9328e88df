"""TFG109: an attribute set on an object made just before, ahead of its first call.

In the shape of a test that makes one system per configuration and, for the last one, sets an
attribute before calling it: ``e2e = System(...); e2e.num_symbols = 72; e2e(batch)``. The name
held another object when it was called earlier (the loop above); the new object has not been
called, so nothing of it was traced with the old value: silent (Fresh). The twin sets the
attribute on an object that was called already (Stale), or handed to code that may call it
after it was made (Handed): its tf.function method keeps the first trace.
"""
import tensorflow as tf


class Fresh:
    def __init__(self, symbols):
        self.symbols = symbols

    @tf.function
    def __call__(self, x):
        return x * self.symbols  # set before the new object's first call: silent


class Stale:
    def __init__(self, symbols):
        self.symbols = symbols

    @tf.function
    def __call__(self, x):
        return x * self.symbols  # [mutable-attribute-capture]


x = tf.constant(2.0)
for symbols in [1, 2, 3]:
    fresh = Fresh(symbols)
    fresh(x)
fresh = Fresh(4)
fresh.symbols = 72
fresh(x)

stale = Stale(1)
stale(x)
stale.symbols = 72
stale(x)



class Handed:
    def __init__(self, symbols):
        self.symbols = symbols

    @tf.function
    def __call__(self, x):
        return x * self.symbols  # [mutable-attribute-capture]


def run(system):
    return system(x)


handed = Handed(1)
handed(x)
handed = Handed(2)
run(handed)  # the new object, handed to code that calls it: traced before the rebinding
handed.symbols = 72
handed(x)
