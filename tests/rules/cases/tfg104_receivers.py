"""TFG104: receivers that outlive the trace: globals, closures, self attributes, tf.function args."""
import collections

import tensorflow as tf
from mylib import registry

tensor_list = []
CACHE = {}
STATS = {"last": 0.0}
counts = collections.Counter()
SEEN = set()
recent = collections.deque(maxlen=3)
history = {"loss": []}
LOG = []


@tf.function
def globals_(x):
    tensor_list.append(x)  # [outer-collection-mutation]
    tensor_list.extend([x, x])  # [outer-collection-mutation]
    tensor_list.insert(0, x)  # [outer-collection-mutation]
    tensor_list.sort()  # [outer-collection-mutation]
    CACHE["x"] = x  # [outer-collection-mutation]
    CACHE.update(y=x)  # [outer-collection-mutation]
    CACHE.setdefault("z", x)  # [outer-collection-mutation]
    del STATS["last"]  # [outer-collection-mutation]
    counts["calls"] += 1  # [outer-collection-mutation]
    SEEN.add(x.ref())  # [outer-collection-mutation]
    recent.appendleft(x)  # [outer-collection-mutation]
    history["loss"].append(x)  # [outer-collection-mutation]
    registry.append(x)  # [outer-collection-mutation]
    a, CACHE["pair"] = x, x  # [outer-collection-mutation]
    return x


@tf.function
def declared_global(x):
    global SEEN
    SEEN.discard(x.ref())  # [outer-collection-mutation]
    return x


def make_step():
    seen_values = []

    @tf.function
    def step(x):
        seen_values.append(x)  # [outer-collection-mutation]
        return x

    return step, seen_values


@tf.function
def argument_list(acc, x):
    acc.append(x)  # [outer-collection-mutation]
    return x


@tf.function
def argument_dict(batch):
    batch["y"] = batch["x"] * 2  # [outer-collection-mutation]
    del batch["x"]  # [outer-collection-mutation]
    batch.update(z=1)
    return batch["y"]


@tf.function
def argument_object(state, x):
    state.outputs.append(x)  # [outer-collection-mutation]
    return x


step_fn = tf.function(lambda acc, x: acc.extend([x]))  # [outer-collection-mutation]


def log_value(x):
    LOG.append(x)  # [outer-collection-mutation]


@tf.function
def calls_helper(x):
    log_value(x)
    return x


def preprocess(x):
    tensor_list.append(x)  # [outer-collection-mutation]
    return x


dataset = tf.data.Dataset.range(3).map(preprocess)


class Tracker(tf.Module):
    registry = []

    def __init__(self):
        super().__init__()
        self.history = []
        self.items = []
        self.cache = {}
        self.stats = {"n": 0}
        self.config = make_config()

    @tf.function
    def __call__(self, x):
        self.history.append(x)  # [outer-collection-mutation]
        self.items += [x]  # [outer-collection-mutation]
        self.cache.update({"x": x})  # [outer-collection-mutation]
        self.stats["n"] += 1  # [outer-collection-mutation]
        self.cache.pop("x")  # [outer-collection-mutation]
        self.registry.append(x)  # [outer-collection-mutation]
        self.config.outputs.append(x)  # [outer-collection-mutation]
        self._record(x)
        return x

    def _record(self, x):
        self.history.clear()  # [outer-collection-mutation]


class Attention(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.scores = []

    def call(self, inputs):
        self.scores.append(inputs)  # [outer-collection-mutation]
        return inputs


def make_config():
    return None


class History(list):
    pass


class Recorder(tf.Module):
    def __init__(self):
        super().__init__()
        self.values = History()

    @tf.function
    def __call__(self, x):
        self.values.append(x)  # [outer-collection-mutation]
        return x
