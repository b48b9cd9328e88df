"""TFG208: TF state on self re-created outside set-up while a tf.function uses it (1)."""
import tensorflow as tf


class Trainer:
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.optimizer = tf.keras.optimizers.Adam(0.01)
        self.metric = tf.keras.metrics.Mean()
        self._lazy = None
        self.scale = tf.Variable(1.0)

    def reset(self, learning_rate):
        self.optimizer = tf.keras.optimizers.Adam(learning_rate)
        self.metric = tf.keras.metrics.Mean()
        self.scale.assign(2.0)  # updating a variable in place is fine

    def _make_head(self):
        self._lazy = tf.keras.layers.Dense(1)  # a lazy initialiser called while tracing

    @tf.function
    def step(self, x):
        if self._lazy is None:
            self._make_head()
        with tf.GradientTape() as tape:
            loss = self.w * x * self.scale
        self.optimizer.apply_gradients([(tape.gradient(loss, self.w), self.w)])  # [tf-state-recreated]
        self.metric.update_state(loss)  # [tf-state-recreated]
        return self._lazy(tf.reshape(x, (1, 1)))


class Rebuilder:
    """Re-creating the object along with a fresh tf.function: silent."""

    def __init__(self):
        self.dense = tf.keras.layers.Dense(2)
        self.run = tf.function(self._run)

    def rebuild(self, units):
        self.dense = tf.keras.layers.Dense(units)
        self.run = tf.function(self._run)

    def _run(self, x):
        return self.dense(x)


class Configured(tf.keras.Model):
    """Keras models set optimizers in compile(), before fit() traces train_step: silent."""

    def compile(self, optimizer):
        super().compile()
        self.inner_optimizer = tf.keras.optimizers.SGD(0.1)

    def train_step(self, data):
        return {"lr": self.inner_optimizer.learning_rate}


class Deferred:
    """State first created by a method after __init__ (an init_optimizer() called once before
    training, shape of tensorflow/graphics' NeRF): setting up as far as the code shows, LOW.
    The same deferred creation in a method that resets another tf.function of the class (it is
    meant to run again after traces: tensorflow/recommenders' index()) is INFERENCE."""

    def __init__(self):
        self.w = tf.Variable(1.0)
        self.optimizer = None
        self.table = None

    def init_optimizer(self, learning_rate):
        self.optimizer = tf.keras.optimizers.SGD(learning_rate)

    def index(self, values):
        self.table = tf.Variable(values)
        self._reset()

    def _reset(self):
        self.lookup = tf.function(self.lookup.python_function)

    @tf.function
    def lookup(self, i):
        return tf.gather(self.table, i)  # reset by _reset(): not this read

    @tf.function
    def train_step(self, x):
        with tf.GradientTape() as tape:
            loss = self.w * x * tf.reduce_sum(self.table)  # [tf-state-recreated]
        self.optimizer.apply_gradients([(tape.gradient(loss, self.w), self.w)])  # low: [tf-state-recreated]
        return loss


class StepDistance(tf.keras.metrics.Metric):
    """tensorflow/similarity's distance metrics: update_state keeps the step's value on self and
    result returns it; Keras runs both in the same traced step, so the variable reset_state puts
    there is never what result reads (silent for TFG208). Keras 3 reads result() after the step,
    though (checked on TF 2.21: the history shows the trace's symbolic tensor, then 0.0): the
    stored tensor is TFG105's. The twin's update_state sets it only in a branch."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.distance = tf.Variable(0.0)

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.distance = tf.reduce_mean(y_pred - y_true)  # [python-state-mutation]

    def reset_state(self):
        self.distance = tf.Variable(0.0)

    def result(self):
        return self.distance


class SometimesDistance(tf.keras.metrics.Metric):
    def __init__(self, skip_first=False, **kwargs):
        super().__init__(**kwargs)
        self.skip_first = skip_first
        self.distance = tf.Variable(0.0)

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.skip_first:
            self.distance = tf.reduce_mean(y_pred - y_true)  # [python-state-mutation]

    def reset_state(self):
        self.distance = tf.Variable(0.0)

    def result(self):
        return self.distance  # [tf-state-recreated]


class QuantizedEmbedding(tf.keras.layers.Layer):
    """Keras' ReversibleEmbedding: quantize() re-makes the weights through _int8_build (whose
    super() call is its own), and Keras' Model.quantize drops the model's traced functions after
    it (silent). The twin, not a Keras layer, has no such step."""

    def build(self, shape):
        self.table = self.add_weight(shape=(4, 2))

    def _int8_build(self, shape):
        self.table = self.add_weight(shape=shape, dtype="int8")

    def quantize(self, mode):
        self._int8_build((4, 2))

    def call(self, ids):
        return tf.gather(self.table, ids)


class Lookup:
    def __init__(self):
        self.table = tf.Variable(tf.zeros([4, 2]))

    def shrink(self):
        self.table = tf.Variable(tf.zeros([4, 2], tf.int8))

    @tf.function
    def lookup(self, ids):
        return tf.gather(self.table, ids)  # [tf-state-recreated]

    def lookup_twice(self, ids):
        first = self.lookup(ids)
        self.shrink()
        return first, self.lookup(ids)
