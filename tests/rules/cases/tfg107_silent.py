"""TFG107: constants, set-up before any trace, TensorFlow state, mutation and code stay silent."""
import math

import numpy as np
import tensorflow as tf

RATE = 0.1
SHAPE = (2, 3)
CONFIG = {"scale": 2.0}
weights = tf.Variable(1.0)
generator = tf.random.Generator.from_seed(1)
model = None
counter = tf.Variable(0)
DEBUG = False
if math.isfinite(RATE):
    DEBUG = True  # set up before the function exists
TABLE = np.zeros(3)


def helper(x):
    return x * 2


class Holder:
    value = 3


@tf.function
def reads_constants(x):
    y = helper(x) * RATE + Holder.value + tf.zeros(SHAPE)[0, 0] + CONFIG["scale"]
    if DEBUG:
        y = y + 1.0
    return y * weights + generator.normal(()) + tf.cast(counter, tf.float32) + math.pi + TABLE[0]


def configure(scale):
    CONFIG["scale"] = scale  # mutation, not rebinding
    counter.assign(0)


@tf.function
def singleton(x):
    global model
    if model is None:
        model = tf.keras.layers.Dense(1)
    return model(x)


BATCH = 32
DECAY = 1.0


@tf.function
def normalise(x):
    return x / BATCH


if __name__ == "__main__":
    BATCH = 64  # before any call
    normalise(tf.constant(1.0))


@tf.function
def rebinds_itself(x):
    global DECAY
    DECAY = DECAY * 0.5  # [python-state-mutation]
    return x * DECAY


def factory(values):
    out = []
    for value in values:
        def scaled(x, value=value):
            return x * value

        out.append(tf.function(scaled))
    return out


for factor in (1.0, 2.0):  # a new graph per iteration: each sees its own factor
    tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) * factor)


@tf.function
def per_trace(x):
    total = 0.0
    for i in range(3):  # Python numbers only: no op to unroll
        total = total + i

    def inner(y):
        return y + total

    return inner(x)


# Rebound before anything refers to the class: no instance, so no trace, can exist yet
# (keras-io melgan_spectrogram_inversion.py rebinds its discriminator before fit).
critic = None


class Critic(tf.keras.Model):
    def train_step(self, data):
        return {"score": critic(data)}


def make_critic():
    return tf.keras.Sequential([tf.keras.layers.Dense(1)])


baseline = make_critic()  # a call that could run anything, but nothing refers to Critic yet
critic = make_critic()
model = Critic()
model.compile()


def two_steps_in_a_test(strategy, first, second):
    """Each step runs right where it is used, and the closure variable is rebound only after the
    last use of the first step (shape of tf-models-official's pretrain_dynamic_dataloader_test):
    silent."""
    metrics = first

    @tf.function
    def step(x):
        return x + metrics

    strategy.run(step, args=(tf.constant(1.0),))
    step(tf.constant(2.0))
    metrics = second

    @tf.function
    def step_b(x):
        return x + metrics

    return step_b(tf.constant(3.0))


def wrapped_and_run_at_once(mu, times):
    """tf-quant-finance's sampling tests (held out 2026-11-26): ``tf.function(sample_fn)(mu)``
    wraps and runs the def once, and the Function is gone; rebinding ``times`` afterwards changes
    nothing it will run. Twin: the Function kept and called again after the rebinding."""

    def sample_fn(m):
        return m * times

    paths = tf.function(sample_fn)(mu)
    times = times * 2.0

    def kept_fn(m):
        return m * scale  # [mutable-global-capture]

    scale = 1.0
    kept = tf.function(kept_fn)
    first = kept(mu)
    scale = 2.0
    return paths, first, kept(mu), times
