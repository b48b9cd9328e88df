"""TFG109: the class shows that a method rebinding a self attribute runs between calls of the
traced method that reads it (analysis/runs_between_calls), with twins that stay LOW or silent."""
import numpy as np
import tensorflow as tf


def minimize(objective, start):
    return objective(start)


class Likelihood:
    """The fit stores its starting point on self, then hands the traced objective to the
    minimizer: the second fit runs the graph that scaled by the first start (shape of
    https://github.com/FlamTeam/flamedisx/commit/125bacf277d1d4ccb8e609dad800012549b685c5)."""

    def __init__(self):
        self.start = np.ones(2)
        self.hooks = []

    def fit(self, start):
        self.start = np.asarray(start)
        return minimize(self.objective, tf.ones(2))

    @tf.function
    def objective(self, x):
        return tf.reduce_sum(x * self.start)  # [mutable-attribute-capture]


class Blinded:
    """A public setter, and public methods of the class that run the traced yields: its callers
    set blinding between fits (shape of
    https://github.com/WMass/rabbit/commit/f0effea07ee0641bc2579dd203284b4af66df9ed), but the
    class alone does not show when they call it (most such setters run once, before the first
    trace): LOW until call sites in the project are weighed."""

    def __init__(self):
        self.blind = False
        self.offset = tf.constant(0.0)

    def set_blinding(self, blind=True):
        self.blind = blind
        # Not from a parameter, but bound by the same setter call: changes between fits too.
        self.offset = tf.constant(np.random.default_rng(7).normal())

    def fit(self):
        return self._yields() + 1.0

    def _offset(self):
        if self.blind:  # low: [mutable-attribute-capture]
            return self.offset  # low: [mutable-attribute-capture]
        return 0.0

    def _compute(self):
        return tf.constant(1.0) + self._offset()

    @tf.function
    def expected(self):
        return self._compute()

    @tf.function
    def _yields(self):
        return self._compute()


class Frozen:
    """A public method whose mask comes from its parameter through what it keeps on self (shape
    of https://github.com/WMass/rabbit/commit/2ccffc97cd4029e69d4ba80146589db8908bf68c; the
    driver script calls it between fits): LOW from the class alone, as Blinded."""

    def __init__(self, names):
        self.names = names
        self.frozen = []
        self.mask = np.zeros(len(names), bool)

    def release(self, names):
        self.frozen = [name for name in self.frozen if name not in names]
        self.mask = np.isin(self.names, self.frozen)

    def minimize(self):
        return self.loss(tf.ones(len(self.names)))

    @tf.function
    def loss(self, x):
        return tf.reduce_sum(tf.where(self.mask, tf.stop_gradient(x), x))  # low: [mutable-attribute-capture]


class Dataset:
    """A property setter of data that the public log-likelihood's graph reads (shape of
    https://github.com/FlamTeam/flamedisx/commit/e01fe36a6e0c3563ccecced976a9d42c14f2259c): LOW
    from the class alone, as Blinded."""

    def __init__(self, data):
        self._data = data

    @property
    def data(self):
        return self._data

    @data.setter
    def data(self, value):
        self._data = value

    def __call__(self):
        return self.log_likelihood()

    @tf.function
    def log_likelihood(self):
        return tf.reduce_sum(tf.constant(self._data))  # low: [mutable-attribute-capture]


class Driver:
    """A driver method of the class calls the private rebinding method and runs the traced one;
    a driver calling its rebinding helper under a create-once guard binds before the first run
    only (LOW)."""

    def __init__(self):
        self.weights = np.ones(3)
        self.table = None

    def _reweight(self):
        self.weights = self.weights * 0.5

    def _make_table(self):
        self.table = np.arange(3.0)

    def lookup(self):
        if self.table is None:
            self._make_table()
        return self.train(tf.ones(3))

    def refit(self):
        self._reweight()
        return self._step()

    def _step(self):
        return self.train(tf.ones(3))

    @tf.function
    def train(self, x):
        total = tf.reduce_sum(x * self.weights)  # [mutable-attribute-capture]
        return total + tf.reduce_sum(tf.constant(self.table))  # low: [mutable-attribute-capture]


class Twins:
    """What stays as before: a reset to a constant (LOW), a setter of a value the class never
    runs from a public method (LOW), a private helper nothing calls (LOW), the traced method
    stored rather than run (LOW), an argument stored as it is before the traced method is handed on (LOW), a setter that also makes a tf.Variable (LOW), a value the trace key decides, a tf.Variable assigned, a lazy
    initialiser in graph code, an attribute only set in __init__ (silent)."""

    def __init__(self):
        self.level = 1.0
        self.gain = 2.0
        self.bias = 0.0
        self.start = 0.0
        self.buffer = np.zeros(1)
        self.scale = tf.Variable(1.0)
        self.cache = None
        self.fixed = 3.0
        self.hooks = []
        self.steps = 1
        self.counter = None
        self.strategy = 1.0

    def reset(self):
        self.level = 1.0

    def set_gain(self, gain):
        self.gain = gain

    def _set_bias(self, bias):
        self.bias = bias

    def train(self, strategy):
        # Stores its argument as it is, then hands the traced method on: configuration (LOW).
        self.strategy = strategy
        return minimize(self.step, tf.ones(1))

    def register(self, start):
        self.start = start
        self.hooks.append(self.step)

    def run(self, x):
        self.buffer = tf.zeros(x.shape[0])
        return self.scaled(x)

    def set_scale(self, scale):
        self.scale.assign(scale)

    def configure(self, steps):
        # Binds what its parameter gives, but makes the variable the traced code uses: set-up.
        self.steps = steps
        self.counter = tf.Variable(0)

    def total(self, x):
        return self.scaled(x) + self.reset_level(x)

    def reset_level(self, x):
        return x * 0.0

    @tf.function
    def scaled(self, x):
        if self.cache is None:
            self.cache = 1.0
        value = x * self.level  # low: [mutable-attribute-capture]
        value = value * self.scale + self.buffer
        return value + self.cache + self.fixed

    @tf.function
    def step(self, x):
        value = x * self.gain  # low: [mutable-attribute-capture]
        value = value + self.bias  # low: [mutable-attribute-capture]
        value = value * self.steps  # low: [mutable-attribute-capture]
        value = value + self.start  # low: [mutable-attribute-capture]
        return value * self.strategy  # low: [mutable-attribute-capture]


class Observed:
    """``__init__`` calls the public setter; callers may call it again with new data (shape of
    https://github.com/FlamTeam/flamedisx/commit/e01fe36a6e0c3563ccecced976a9d42c14f2259c), but
    in the module it is set-up only: silent, as a private helper only ``__init__`` calls."""

    def __init__(self, data, bins):
        self.set_data(data)
        self._set_bins(bins)

    def set_data(self, data):
        self.counts = np.asarray(data, dtype=np.float32)

    def _set_bins(self, bins):
        self.bins = bins

    def __call__(self):
        return self.log_likelihood()

    @tf.function
    def log_likelihood(self):
        total = tf.reduce_sum(tf.constant(self.counts))  # todo: [mutable-attribute-capture]
        return total * self.bins


class Windows:
    """A driver rebinds the columns, then builds a new dataset whose map traces the window split
    afresh (shape of AutocoinLab/autopycoin's WindowGenerator, https://github.com/AutocoinLab/autopycoin):
    every trace the driver makes reads the columns it has just bound, so the class shows no stale
    trace: LOW. The twin's driver runs a tf.function method, whose first trace keeps the old
    columns: reported."""

    def __init__(self):
        self._columns = [0]

    def from_array(self, data, columns):
        self._set_columns(columns)
        return self._make_dataset(data)

    def _set_columns(self, columns):
        self._columns = sorted(columns)

    def _make_dataset(self, data):
        return tf.data.Dataset.from_tensor_slices(data).map(self._split)

    def _split(self, window):
        return tf.gather(window, self._columns, axis=-1)  # low: [mutable-attribute-capture]


class StaleWindows:
    def __init__(self):
        self._columns = [0]

    def from_array(self, data, columns):
        self._set_columns(columns)
        return self._split(data)

    def _set_columns(self, columns):
        self._columns = sorted(columns)

    @tf.function
    def _split(self, window):
        return tf.gather(window, self._columns, axis=-1)  # [mutable-attribute-capture]
