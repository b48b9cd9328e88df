"""TFG102: methods of NumPy/stdlib generators bound at module level, locally, or on self."""
import random

import numpy as np
import tensorflow as tf

module_rng = np.random.default_rng(0)
legacy = np.random.RandomState(1)
python_rng = random.Random(2)
system_rng = random.SystemRandom()
tf_generator = tf.random.Generator.from_seed(3)


@tf.function
def module_generators(x):
    a = module_rng.normal(size=3)  # [python-random-in-graph]
    b = legacy.randn(3)  # [python-random-in-graph]
    c = python_rng.random()  # [python-random-in-graph]
    d = system_rng.randint(0, 9)  # [python-random-in-graph]
    e = np.random.default_rng().integers(0, 10)  # [python-random-in-graph]
    f = random.Random().choice([1, 2, 3])  # [python-random-in-graph]
    g = tf_generator.normal(shape=(3,))
    state = legacy.get_state()
    legacy.set_state(state)
    children = module_rng.spawn(2)
    return x + a + b + c + d + e + f + g, children


@tf.function
def local_generator(x):
    rng = np.random.default_rng()
    return x + rng.uniform()  # [python-random-in-graph]


@tf.function
def reseeded_on_every_call(x):
    """Eager mode draws the same numbers on every call as well: nothing differs."""
    a = np.random.default_rng(4).integers(0, 10)
    b = random.Random(5).choice([1, 2, 3])
    rng = np.random.default_rng(seed=6)
    c = rng.normal()
    np.random.seed(7)
    d = np.random.randn()
    random.seed(8)
    e = random.random()
    f = random.SystemRandom(9).random()  # [python-random-in-graph]
    return x + a + b + c + d + e + f


@tf.function
def seeded_after_the_draw(x):
    a = np.random.randn()  # [python-random-in-graph]
    np.random.seed(7)
    return x + a


@tf.function
def generator_passed_in(x, rng):
    return x + rng.normal()  # unknown object: silent


class Augment:
    def __init__(self):
        self.rng = np.random.default_rng(0)
        self.tf_rng = tf.random.Generator.from_seed(0)

    @tf.function
    def __call__(self, x):
        noise = self.rng.normal(size=3)  # [python-random-in-graph]
        return x + noise + self.tf_rng.normal(shape=(3,))


class Reseedable:
    """Bound to a generator in one place and to an argument in another: INFERENCE."""

    def __init__(self, rng=None):
        self.rng = rng

    def reseed(self, value):
        self.rng = np.random.default_rng(value)

    @tf.function
    def __call__(self, x):
        return x + self.rng.normal()  # [python-random-in-graph]


class Sampler:
    def normal(self):
        return 0.0


class UsesOwnSampler:
    def __init__(self):
        self.sampler = Sampler()

    @tf.function
    def __call__(self, x):
        return x + self.sampler.normal()
