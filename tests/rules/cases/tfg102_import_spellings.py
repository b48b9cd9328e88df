"""TFG102: NumPy and stdlib random in every import spelling; seeding, state and tf.random stay silent."""
import random
import random as rnd
from random import randint, seed
from random import random as rand_float

import numpy
import numpy as np
import numpy.random
import numpy.random as npr
from numpy import random as nprand
from numpy.random import default_rng, normal
import tensorflow as tf
from tensorflow import random as tfr
import tensorflow.experimental.numpy as tnp


@tf.function
def numpy_spellings(x):
    a = np.random.randn(3)  # [python-random-in-graph]
    b = numpy.random.uniform()  # [python-random-in-graph]
    c = npr.normal(size=3)  # [python-random-in-graph]
    d = nprand.rand(3)  # [python-random-in-graph]
    e = normal()  # [python-random-in-graph]
    f = np.random.mtrand.random_sample()  # [python-random-in-graph]
    g = np.random.permutation(3)  # [python-random-in-graph]
    return x + a + b + c + d + e + f + g


@tf.function
def stdlib_spellings(x):
    a = random.randint(0, 9)  # [python-random-in-graph]
    b = rnd.gauss(0.0, 1.0)  # [python-random-in-graph]
    c = randint(0, 9)  # [python-random-in-graph]
    d = rand_float()  # [python-random-in-graph]
    if random.random() < 0.5:  # [python-random-in-graph]
        x = -x
    return x + a + b + c + d


@tf.function
def seeding_and_state_are_not_draws(x):
    np.random.seed(0)
    random.seed(0)
    seed(1)
    state = np.random.get_state()
    np.random.set_state(state)
    saved = random.getstate()
    random.setstate(saved)
    generator = default_rng(0)
    legacy = np.random.RandomState(0)
    python_rng = random.Random(0)
    return x, generator, legacy, python_rng


@tf.function
def tensorflow_random_is_fine(x):
    a = tf.random.normal((3,))
    b = tf.random.uniform((3,), maxval=10, dtype=tf.int32)
    c = tf.random.shuffle(x)
    d = tfr.normal((3,))
    e = tnp.random.randn(3)
    return a, b, c, d, e


def shadowed(x, np):
    return x + np.random.randn()


@tf.function
def calls_shadowed(x):
    return shadowed(x, tf.experimental.numpy)


def outside_graph_code():
    return np.random.randn(3) + random.random()
