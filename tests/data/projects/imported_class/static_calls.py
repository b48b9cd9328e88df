"""Static methods of a class of another file, called through the class: ``from m import Cls;
Cls.method(x)`` and ``import m; m.Cls.method(x)``."""
import tensorflow as tf

import helpers
from helpers import Ops


@tf.function
def step(x):
    return Ops.noise(x) + helpers.Ops.scaled(x)


print(Ops.eager_only(1.0))


def explain(images, model):
    # tf-explain's tests (held out 2026-11-26): the literals are ``index``, the third parameter
    # of a static method, not ``steps``; ``steps`` is the same everywhere.
    first = Ops.blend(images, model, 0, steps=4)  # [python-scalar-argument]
    second = Ops.blend(images, model, 1, steps=4)  # [python-scalar-argument]
    return first, second
