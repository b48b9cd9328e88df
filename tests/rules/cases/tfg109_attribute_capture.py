"""TFG109: a self attribute that another method rebinds is frozen into the graph (2)."""
import numpy as np
import tensorflow as tf


class Searcher:
    def __init__(self, items):
        self.items = items
        self.scale = 2.0
        self.table = tf.Variable([0.0, 1.0])
        self._ready = False

    def add(self, items):
        # Rebinds, then queries through the stale trace: INFERENCE.
        self.items = items
        return self.query(tf.constant(1.0))

    def set_scale(self, scale):
        self.scale = scale  # nothing here calls the traced function: LOW, off by default

    def reset(self, values):
        self.table.assign(values)  # a tf.Variable is read when the graph runs

    def _prepare(self):
        self._ready = True  # a lazy initialiser called while tracing

    @tf.function
    def query(self, x):
        if not self._ready:
            self._prepare()
        total = tf.reduce_sum(tf.constant(self.items))  # [mutable-attribute-capture]
        return x * total * self.scale + self.table[0]  # low: [mutable-attribute-capture]


class Rebuilt:
    """Rebinding and making a fresh tf.function drops the old traces: silent."""

    def __init__(self):
        self.weights = np.ones(3)
        self.run = tf.function(self._run)

    def load(self, weights):
        self.weights = weights
        self.run = tf.function(self._run)
        return self.run()

    def _run(self):
        return tf.reduce_sum(tf.constant(self.weights))


class Index(tf.keras.layers.Layer):
    """A method that, through a helper, makes a fresh tf.function of another method shows it runs
    after traces: the layer's own call, traced by whatever serves it, keeps the old value
    (INFERENCE; shape of tensorflow/recommenders' ScaNN.index(), whose searcher a traced call keeps:
    reproduced there with BruteForce and Streaming). A weight made afresh is TFG208's, not this rule's."""

    def __init__(self):
        super().__init__()
        self._searcher = None
        self._ids = None

    def index(self, candidates):
        self._searcher = np.asarray(candidates)
        self._ids = self.add_weight(shape=(len(candidates),), initializer="zeros", trainable=False)
        self._reset_cache()
        return self

    def _reset_cache(self):
        self.query = tf.function(self.query.python_function)

    @tf.function
    def query(self, x):
        return self(x)

    def call(self, x):
        scores = tf.matmul(x, tf.constant(self._searcher), transpose_b=True)  # [mutable-attribute-capture]
        return scores + self._ids  # [tf-state-recreated]


class QueryReset(tf.keras.layers.Layer):
    """The helper makes a fresh tf.function of the very method that reads the attribute: that
    path is traced anew, so no evidence of a stale one (LOW, as any rebinding)."""

    def __init__(self):
        super().__init__()
        self._table = None

    def load(self, table):
        self._table = np.asarray(table)
        self._refresh()

    def _refresh(self):
        self.lookup = tf.function(self.lookup.python_function)

    @tf.function
    def lookup(self, x):
        return x * tf.constant(self._table)  # low: [mutable-attribute-capture]


# Attributes the traced method itself sets before reading them: a read sees this trace's value,
# whatever another method left there (shape of tensorlayer/TensorLayer,
# examples/reinforcement_learning/tutorial_A3C.py, https://github.com/tensorlayer/TensorLayer).
# A read before the method sets it still sees the other method's value.
class ActorCritic:
    def __init__(self, actor):
        self.actor = actor
        self.mu, self.sigma = None, None
        self.bound = 2.0

    def act(self, s):
        self.mu, self.sigma = self.actor(s)
        self.bound = 3.0
        return self.mu

    @tf.function
    def update(self, s):
        scaled = s * self.bound  # low: [mutable-attribute-capture]
        with tf.GradientTape() as tape:
            self.mu, self.sigma = self.actor(s)
            self.mu, self.sigma = self.mu * 2.0, self.sigma + 1e-5
            loss = tf.reduce_mean(self.mu + self.sigma + scaled)
        return tape.gradient(loss, s)
