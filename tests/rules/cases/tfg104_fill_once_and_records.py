"""TFG104: containers filled once behind a guard on themselves, and records of constants.

The review corpus (neural-structured-learning, tensorflow-model-optimization, tf-models-official tests):
- ``if self._losses: return`` before the appends, or ``if not structure: structure[k] = ...``:
  the first trace fills the container and later ones skip it, as eager calls would;
- ``self.calls.append(True)`` in a test layer stores no tensor: LOW (off by default);
- a collection on self made afresh earlier in the same trace and given only constants (a name
  counter): a local in all but name, silent.
Twins that still fire: the same filling without a guard, a guard on something else, and a counter.
"""
import collections
import dataclasses
import typing

import tensorflow as tf
from unroll import UnrollStore

STRUCTURE = {}


class Regularized(tf.keras.Model):
    def __init__(self, losses):
        super().__init__()
        self._losses = []
        self._metrics = []
        self._configured = losses

    def _build_losses(self):
        if self._losses:
            return  # already populated
        for loss in self._configured:
            self._losses.append(loss)

    def _build_metrics(self, outputs):
        if not self._metrics:
            self._metrics.append(outputs)
        self._metrics.append(outputs)  # [outer-collection-mutation]

    def _unguarded(self, outputs):
        if self._configured:
            self._losses.append(outputs)  # [outer-collection-mutation]

    def call(self, x):
        self._build_losses()
        self._build_metrics(x)
        self._unguarded(x)
        return x


@tf.function
def encode(x):
    if not STRUCTURE:
        STRUCTURE["state"] = tf.nest.map_structure(lambda _: None, x)
    STRUCTURE["last"] = x  # [outer-collection-mutation]
    return x


class CallRecorder(tf.keras.layers.Layer):
    def __init__(self, calls):
        super().__init__()
        self.calls = calls
        self.counts = {"n": 0}

    def call(self, x):
        self.calls.append(True)  # low: [outer-collection-mutation]
        self.counts["n"] += 1  # [outer-collection-mutation]
        return x


recorder = CallRecorder([])


class NamesItsLosses(tf.keras.Model):
    """A per-trace name counter on self, made afresh before use (shape of neural-structured-learning's
    AdversarialRegularization._make_metric_name): silent. Its twins keep a counter across traces, or
    store tensors in the fresh collection that eager code reads (they leak out of the trace), and
    stay reported."""

    def __init__(self):
        super().__init__()
        self._seen = collections.Counter()
        self._kept = []

    def _unique_name(self, base):
        if base not in self._name_counts:
            self._name_counts[base] = 1
            return base
        self._name_counts[base] += 1
        return f"{base}_{self._name_counts[base]}"

    def _build_names(self, bases):
        self._name_counts = collections.Counter()
        names = [self._unique_name(base) for base in bases]
        del self._name_counts
        return names

    def call(self, x):
        self._build_names(["loss", "loss"])
        self._seen["call"] += 1  # [outer-collection-mutation]
        self._kept = []
        self._kept.append(x)  # [outer-collection-mutation]
        return x

    def kept(self):
        return list(self._kept)  # read by eager code: the trace's symbolic tensors leak here


class KeepsScores(tf.keras.layers.Layer):
    """Scores kept behind a switch the class never turns on (shape of keras-io's
    temporal_latent_bottleneck example, which sets it from outside before an eager call): LOW.
    The same switch turned on in the class, or no switch, stays reported."""

    def __init__(self):
        super().__init__()
        self.keep_scores = False
        self.verbose = False
        self.scores = []
        self.history = []

    def enable_history(self):
        self.verbose = True

    def call(self, x):
        if self.keep_scores:
            self.scores.append(x)  # low: [outer-collection-mutation]
        if self.verbose:  # low: [mutable-attribute-capture]
            self.history.append(x)  # [outer-collection-mutation]
        self.history.append(x)  # [outer-collection-mutation]
        return x


class Head(tf.keras.layers.Layer):
    """Endpoints filled by key in call and read back only by graph code of the module, within the
    same trace (shape of efficientdet's EfficientNet head in tensorflow/examples): LOW. A list that
    piles up, a slot by position, or a dict eager code reads, stays reported."""

    def __init__(self):
        super().__init__()
        self.endpoints = {}
        self.features = {}
        self.history = []
        self.slots = [None]

    def call(self, x):
        self.endpoints["head"] = x  # low: [outer-collection-mutation]
        self.slots[0] = x  # [outer-collection-mutation]
        self.features["head"] = x  # [outer-collection-mutation]
        self.history.append(x)  # [outer-collection-mutation]
        return x


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head = Head()

    def call(self, x):
        y = self.head(x)
        return y + self.head.endpoints["head"] + self.head.slots[0]


net = Net()
print(net.head.features)


@dataclasses.dataclass
class Host:
    """Fields declared by class (google-research/seed_rl's ``TrainingHost``): ``host.store`` is
    an ``UnrollStore``, whose ``append`` is its own; ``host.pending`` is declared a list."""
    store: UnrollStore
    pending: typing.List[int]


def make_inference(host):
    @tf.function
    def inference(x):
        host.store.append(x)
        host.pending.append(x)  # [outer-collection-mutation]
        host.unknown.append(x)  # [outer-collection-mutation]
        return x

    return inference


class Logger:
    """google-research/seed_rl's logger: each name is registered once, behind ``if name not in
    self.names_seen:`` whose block adds it: once per name, as eager calls would. The twin's
    block does not record the name, so it appends on every trace."""

    def __init__(self):
        self.names = []
        self.names_seen = set()
        self.forgotten = set()

    def log(self, session, name, value):
        if name not in self.names_seen:
            self.names.append(name)
            self.names_seen.add(name)
        if name not in self.forgotten:
            self.names.append(name)  # [outer-collection-mutation]
        session.append(value)


logger = Logger()


@tf.function
def log_step(x):
    session = []
    logger.log(session, "loss", x)
    return session


class CompiledLoss(tf.keras.layers.Layer):
    """keras' CompileLoss: its traced call builds once, behind ``if not self.built:``, and the
    build's helper fills the list of losses then (silent: as in eager mode). The twin's call fills
    it on every trace."""

    def __init__(self):
        super().__init__()
        self._flat_losses = []
        self._seen = []

    def build(self, shape):
        self._register(shape)

    def _register(self, shape, depth=0):
        if depth < 2:
            self._register(shape, depth + 1)  # nested losses: recursion only where it already runs
        self._flat_losses.append(shape)

    def _remember(self, x):
        self._seen.append(x)  # [outer-collection-mutation]

    def call(self, x):
        if not self.built:
            self.build(x.shape)
        self._remember(x)
        return x


class TemporalBlockStack(tf.keras.layers.Layer):
    """keras-tcn's TCN.call (held out 2026-11-26): lists made anew at the top of call and filled
    there. One only graph code of the module reads is a channel within the trace (LOW); one made
    with a tensor already in it, which eager code reads, stays reported: after fit it holds the
    training graph's tensors."""

    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(2) for _ in range(2)]

    def call(self, x):
        self.skips = []
        self.outputs_seen = [x]
        for block in self.blocks:
            x = block(x)
            self.skips.append(x)  # low: [outer-collection-mutation]
            self.outputs_seen.append(x)  # [outer-collection-mutation]
        return tf.add_n(self.skips)


class DenseBlock(tf.keras.layers.Layer):
    """calmisential/Basic_CNNs_TensorFlow2's DenseNet block (held out 2026-11-26): a list made in
    __init__ that call fills and empties again before it returns, read only by graph code: a
    scratch list within the trace (LOW). Twin: a list call fills and never empties, reported."""

    def __init__(self):
        super().__init__()
        self.layers_in_block = [tf.keras.layers.Dense(2) for _ in range(2)]
        self.features_list = []
        self.kept_features = []

    def call(self, inputs):
        self.features_list.append(inputs)  # low: [outer-collection-mutation]
        x = inputs
        for layer in self.layers_in_block:
            self.features_list.append(layer(x))  # low: [outer-collection-mutation]
            x = tf.concat(self.features_list, axis=-1)
            self.kept_features.append(x)  # [outer-collection-mutation]
        self.features_list.clear()  # low: [outer-collection-mutation]
        return x + tf.add_n(self.kept_features)


stack = TemporalBlockStack()
print(stack.outputs_seen)
