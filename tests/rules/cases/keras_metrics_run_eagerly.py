"""Keras metrics and losses: graph code unless the code shows them run only eagerly.

Keras traces ``update_state``/``result`` (a loss's ``call``) when the metric is compiled into a
model or called from traced code. An evaluation loop that calls ``update_state`` on eager tensors
runs it as Python: findings there are LOW (analysis/keras_run_evidence). Nothing shown at all
(a library's metric) keeps them graph code.
"""
import numpy as np
import tensorflow as tf


class EvaluatedEagerly(tf.keras.metrics.Metric):
    """Made once below and only ever called in an eager loop."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.seen.append(y_pred.numpy())  # low: [eager-only-call-in-graph, outer-collection-mutation]

    def result(self):
        return np.mean(self.seen)


class Compiled(tf.keras.metrics.Metric):
    """Its twin, compiled into a model: fit traces update_state."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.seen.append(y_pred.numpy())  # [eager-only-call-in-graph, outer-collection-mutation]

    def result(self):
        return 0.0


class CalledFromGraph(tf.keras.metrics.Metric):
    """Made once, then updated inside a tf.function."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return np.argmax(y_pred.numpy())  # [eager-only-call-in-graph]

    def result(self):
        return 0.0


class NothingShown(tf.keras.metrics.Metric):
    """No instance in sight (a library's metric): Keras would trace it."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # [eager-only-call-in-graph]


class HandedOn(tf.keras.metrics.Metric):
    """An instance returned to code not shown: where it runs is not shown."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # [eager-only-call-in-graph]


class Inner(tf.keras.metrics.Metric):
    """Kept by a metric that is itself run only eagerly: runs as its holder runs."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # low: [eager-only-call-in-graph]


class Holder(tf.keras.metrics.Metric):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.inner.update_state(y_true, y_pred)

    def result(self):
        return self.inner.result()


class InnerOfCompiled(tf.keras.metrics.Metric):
    """Its twin: kept by a compiled metric, so traced with it."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # [eager-only-call-in-graph]


class CompiledHolder(tf.keras.metrics.Metric):
    def __init__(self):
        super().__init__()
        self.inner = InnerOfCompiled()

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.inner.update_state(y_true, y_pred)


class EagerLoss(tf.keras.losses.Loss):
    """A loss a Python loop calls on eager tensors."""

    def call(self, y_true, y_pred):
        return float(np.mean(y_pred.numpy()))  # low: [eager-only-call-in-graph]


class ComputedOnce(tf.keras.metrics.Metric):
    """Made only as ``ComputedOnce().average(x)`` outside traced code: that call is the
    instance's one use, eager."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # low: [eager-only-call-in-graph]

    def average(self, values):
        return np.mean(values)


class ConfiguredThenCompiled(tf.keras.metrics.Metric):
    """Its twin: ``configured()`` hands the instance back, and it is compiled."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # [eager-only-call-in-graph]

    def configured(self):
        return self


class ComputedInGraph(tf.keras.metrics.Metric):
    """Its twin: ``ComputedInGraph().update_state(y, p)`` inside a tf.function."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return y_pred.numpy()  # [eager-only-call-in-graph]


def make_metric():
    return HandedOn()


def report(values):
    score = ComputedOnce().average(values)
    return score


configured_metric = ConfiguredThenCompiled().configured()
tf.keras.Sequential([tf.keras.layers.Dense(1)]).compile(loss="mse", metrics=[configured_metric])


@tf.function
def checked_step(y, p):
    ComputedInGraph().update_state(y, p)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(loss="mse", metrics=[Compiled(), CompiledHolder()])

graph_metric = CalledFromGraph()


@tf.function
def step(y, p):
    graph_metric.update_state(y, p)


def evaluate(batches):
    metric, holder, loss = EvaluatedEagerly(), Holder(), EagerLoss()
    for y, p in batches:
        metric.update_state(y, p)
        holder.update_state(y, p)
        print(loss(y, p), metric.name)
    return metric.result(), holder.result()


class FunctionalPart(tf.keras.Model):
    """A model called directly outside traced code, on the symbolic inputs of a functional model
    being built: Keras runs its call symbolically. Models are not judged (graph code)."""

    def __init__(self):
        super().__init__()
        self.level = 0
        self.dense = tf.keras.layers.Dense(2)

    def call(self, x):
        noise = np.random.rand(2)  # [python-random-in-graph]
        return self.dense(x) + noise


def build_model():
    inputs = tf.keras.Input((2,))
    part = FunctionalPart()
    return tf.keras.Model(inputs, part(inputs))
