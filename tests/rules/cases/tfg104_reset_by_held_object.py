"""TFG104: collections rebound afresh earlier in the same trace, in a nested block or by a method
of an object the traced code holds.

The shape of nengo-dl's TensorGraph (held out): its Keras ``call`` first runs
``self.signals.reset()``, a method of the SignalDict it holds, whose body rebinds the dict of
base tensors and the read/write counters; the helpers the trace then calls fill them. It also
binds ``self.node_inputs = {}`` inside a ``with`` block before filling it. Each trace rebinds
them before filling them, as if they were locals: counters of constants are silent, tensors kept
for graph code alone are a channel within the trace (LOW). Twins that still fire: the reset runs
only under an ``if``, the reset comes after the filling, the reset rebinds another attribute,
the held object's class is unknown, the ``if`` around the binding has no ``else``.
"""
import collections

import tensorflow as tf
from tensorflow import keras


class SignalStore:
    def __init__(self):
        self.bases = {}
        self.writes = collections.defaultdict(int)
        self.shapes = {}

    def reset(self):
        self.bases = {}
        self.writes = collections.defaultdict(int)

    def scatter(self, key, value):
        self.writes["scatter"] += 1  # a constant count, rebuilt by reset() first: silent
        self.bases[key] = value  # low: [outer-collection-mutation]

    def gather(self, key):
        return self.bases[key]

    def remember_shape(self, key, value):
        # reset() rebinds the other attributes, not this one
        self.shapes[key] = value  # [outer-collection-mutation]


class Graph(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.signals = SignalStore()

    def call(self, inputs):
        self.signals.reset()
        with tf.name_scope("inputs"):
            self.node_inputs = {}
        for key, value in enumerate(inputs):
            self.node_inputs[key] = value  # low: [outer-collection-mutation]
        return self._build()

    def _build(self):
        for key, value in self.node_inputs.items():
            self.signals.scatter(key, value)
            self.signals.remember_shape(key, value)
        return self.signals.gather(0)


class LoadStore:
    def __init__(self):
        self.loads = {}

    def reset(self):
        self.loads = {}

    def load(self, key, value):
        self.loads[key] = value  # [outer-collection-mutation]
        return self.loads[key]


class GraphResetUnderIf(keras.layers.Layer):
    def __init__(self, fresh):
        super().__init__()
        self.store = LoadStore()
        self.fresh = fresh

    def call(self, inputs):
        if self.fresh:
            self.store.reset()
        return self.store.load(0, inputs)


class CountStore:
    def __init__(self):
        self.counts = {}

    def reset(self):
        self.counts = {}

    def count(self, name):
        self.counts[name] = self.counts.get(name, 0) + 1  # [outer-collection-mutation]


class GraphResetAfter(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.store = CountStore()

    def call(self, inputs):
        self.store.count("call")
        self.store.reset()
        return inputs


class TallyStore:
    def __init__(self):
        self.tally = {}

    def reset(self):
        self.tally = {}

    def add(self, name, value):
        self.tally[name] = value  # [outer-collection-mutation]
        return self.tally[name]


def make_store():
    return TallyStore()


class GraphUnknownStore(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.store = TallyStore()
        self.spare = make_store()  # what class it holds is not shown here

    def call(self, inputs):
        self.spare.reset()
        return self.store.add("call", inputs)


class ScopedStore:
    def __init__(self):
        self.cache = {}
        self.pending = {}

    def prepare(self):
        return None

    def reset(self):
        with tf.name_scope("reset"):
            self.cache = {}  # a block that runs whole: reset() always rebinds it
        try:
            self.prepare()
            self.pending = {}
        except RuntimeError:
            return  # may return before rebinding it

    def put(self, key, value):
        self.cache[key] = value  # low: [outer-collection-mutation]
        self.pending[key] = value  # [outer-collection-mutation]
        return self.cache[key] + self.pending[key]


class GraphScopedStore(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.store = ScopedStore()

    def call(self, inputs):
        self.store.reset()
        return self.store.put(0, inputs)


class GraphBranches(keras.layers.Layer):
    def __init__(self, training):
        super().__init__()
        self.training = training

    def call(self, inputs):
        # bound afresh on both branches, then by the try's body and its handler: LOW; behind an
        # ``if`` with no ``else``: reported
        if self.training:
            self.steps = {}
        else:
            self.steps = {"eval": 0}
        self.steps[0] = inputs  # low: [outer-collection-mutation]
        if self.training:
            self.seen = {}
        self.seen[0] = inputs  # [outer-collection-mutation]
        try:
            self.outputs = {}
        except ValueError:
            self.outputs = {}
        self.outputs[0] = inputs  # low: [outer-collection-mutation]
        return inputs
