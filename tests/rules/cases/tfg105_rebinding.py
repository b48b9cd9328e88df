"""TFG105: globals, nonlocals and attributes rebound in graph code."""
import tensorflow as tf

calls = 0
total = 0.0
last_input = None
initialised = False
history = []


@tf.function
def count_calls(x):
    global calls, total, last_input, initialised
    calls += 1  # [python-state-mutation]
    total = total + 1.0  # [python-state-mutation]
    last_input = x  # [python-state-mutation]
    initialised = True  # [python-state-mutation]
    return x


@tf.function
def extend_history(x):
    global history
    history += [x]  # [python-state-mutation]
    return x


previous, current = 0, 1


@tf.function
def fibonacci_step(x):
    global previous, current
    previous, current = current, previous + current  # [python-state-mutation]
    return x * current


def make_counter():
    count = 0

    @tf.function
    def step(x):
        nonlocal count
        count += 1  # [python-state-mutation]
        return x

    return step


class Model(tf.Module):
    steps_seen = 0

    def __init__(self):
        super().__init__()
        self.count = 0
        self.flag = False
        self.running = tf.zeros(())
        self.scale = None

    @tf.function
    def __call__(self, x):
        self.count += 1  # [python-state-mutation]
        self.flag = not self.flag  # [python-state-mutation]
        self.running = self.running + x  # [python-state-mutation]
        Model.steps_seen += 1  # [python-state-mutation]
        return x


def bump(state):
    state.count += 1  # an argument of unknown kind: not followed


class Counter(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def call(self, inputs):
        self._tick()
        return inputs

    def _tick(self):
        self.calls += 1  # [python-state-mutation]


def scale_element(x):
    global calls
    calls -= 1  # [python-state-mutation]
    return x * 2


scaled = tf.data.Dataset.range(3).map(scale_element)


# An object handed in as an argument outlives the call: its attribute's update runs once per
# trace (https://github.com/tensorflow/tensorflow/issues/31362). Setting a value that
# does not read the old one is the same on every call: silent.
class Tally:
    def __init__(self):
        self.value = 0
        self.label = ""


@tf.function
def counted_step(x, tally):
    tally.value += 1  # [python-state-mutation]
    tally.label = "seen"
    local = Tally()
    local.value += 1  # a fresh object per trace: its own business
    return x * 2


# An attribute updated from what the same run stored in it first: the same on every call (shape
# of tensorlayer/TensorLayer, examples/reinforcement_learning/tutorial_A3C.py). Updated from the
# value a previous call left, it changes once per trace.
class Policy:
    def __init__(self, net):
        self.net = net
        self.mu = 0.0
        self.scale = 1.0

    @tf.function
    def step(self, s):
        self.mu = self.net(s)
        self.mu = self.mu * 2.0
        self.scale = self.scale * 0.5  # [python-state-mutation]
        return self.mu * self.scale


# A new value made from only the old one's static attributes (shape, dtype) is the same on every
# call (shape of google/edward2, tensorflow/layers/dense.py, https://github.com/google/edward2:
# weights sampled anew by the layer's call). Made from the old value itself, it is an update.
class Sampled(tf.keras.layers.Layer):
    def __init__(self, sampler):
        super().__init__()
        self.sampler = sampler
        self.kernel = tf.zeros([2, 2])
        self.noise = 0.0

    def call(self, x):
        self.kernel = self.sampler(self.kernel.shape, self.kernel.dtype)
        self.noise = self.noise + 0.1  # [python-state-mutation]
        return tf.matmul(x, self.kernel) + self.noise


# Set in another except clause is not set before: only one handler runs.
class Retry:
    def __init__(self):
        self.failures = 0.0

    @tf.function
    def step(self, x):
        try:
            y = x * 2.0
        except ValueError:
            self.failures = 0.0
        except TypeError:
            self.failures = self.failures + 1.0  # [python-state-mutation]
            y = x
        return y


# PinnDE's legacy trainers hand derivatives to a user's equation through globals read by eval()
# in the same trace: each trace reads what it stored (LOW). The twins: a global read by other code
# of the module, and one read before it is set.
order = None


@tf.function
def residual(u, x, equation):
    global ux, uxx, order
    ux = tf.gradients(u, x)[0]  # low: [python-state-mutation]
    uxx = tf.gradients(ux, x)[0]  # low: [python-state-mutation]
    order = uxx  # [python-state-mutation]
    return eval(equation)


@tf.function
def residual_read_before(u, x):
    global slope
    previous = slope
    slope = tf.reduce_mean(u * x)  # [python-state-mutation]
    return slope - previous


slope = 0.0


def report():
    return order
