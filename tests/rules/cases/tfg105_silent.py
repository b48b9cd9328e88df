"""TFG105: TensorFlow state, singleton guards, per-trace locals and collections stay silent."""
import tensorflow as tf

counter = tf.Variable(0)
model = None
cache = {}
items = []


@tf.function
def uses_variables(x):
    counter.assign_add(1)
    return x + tf.cast(counter, x.dtype)


@tf.function
def singleton(x):
    global model
    if model is None:
        model = tf.keras.layers.Dense(1)
    return model(x)


class Stateful(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None
        self.step = tf.Variable(0)
        self.history = []
        self.mode = "train"
        self.calls = None

    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(1.0)
        if self.calls is None:
            self.calls = 0
        self.step.assign_add(1)
        self.history += [x]  # [outer-collection-mutation]
        self.mode = "train"  # the same value on every call
        self.last = x * 2  # does not read its old value
        return x * self.v


@tf.function
def per_trace_state(x):
    total = 0
    hits = []

    def add(value):
        nonlocal total
        total += value
        return total

    add(1)
    add(2)
    hits += [x]
    return x + total


class Layer(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], 1))
        self.seen = self.add_weight(shape=(), initializer="zeros", trainable=False)
        self.built = True

    def call(self, inputs):
        self.seen.assign_add(1.0)
        return tf.matmul(inputs, self.kernel)


def eager_only():
    global items, model
    items = []
    model = None


# A counter that only makes op names unique is meant to count traces (item 4): LOW.
class NamedCalls(tf.Module):
    def __init__(self):
        super().__init__()
        self._calls = 0
        self._scopes = 0
        self._steps = 0

    @tf.function
    def __call__(self, x):
        self._calls += 1  # low: [python-state-mutation]
        self._scopes += 1  # low: [python-state-mutation]
        self._steps += 1  # [python-state-mutation]
        label = "scaled_%d" % self._scopes
        with tf.name_scope(label):
            y = tf.identity(x, name=f"call_{self._calls}")
        return y + tf.cast(self._steps, y.dtype), tf.identity(y, name="step_{}".format(self._steps))


class StddevLayer(tf.keras.layers.Layer):
    """A negative axis made non-negative once (``if self.axis < 0: self.axis = rank + self.axis``,
    shape of tensorflow/graphics' minibatch standard deviation layer): the guard is false on every
    later trace, so the value changes once, on purpose: LOW. Adding something else each trace is
    reported."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis
        self.calls = 0

    def call(self, inputs):
        ndims = len(inputs.shape)
        if self.axis < 0:
            self.axis = ndims + self.axis  # low: [python-state-mutation]
        self.calls = self.calls + ndims  # [python-state-mutation]
        return tf.reduce_mean(inputs, axis=self.axis)
