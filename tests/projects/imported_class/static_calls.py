"""Static methods of a class of another file, called through the class: ``from m import Cls;
Cls.method(x)`` and ``import m; m.Cls.method(x)``."""
import tensorflow as tf

import helpers
from helpers import Ops


@tf.function
def step(x):
    return Ops.noise(x) + helpers.Ops.scaled(x)


print(Ops.eager_only(1.0))
