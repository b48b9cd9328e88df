import numpy as np

from lib import compile as c
from lib.compile import function, function_like, jitted, logged, traced


@function
def bare(x):
    print("bare", x)  # [python-print-in-graph]
    return x


@function(reduce_retracing=True)
def called(x):
    print("called", x)  # [python-print-in-graph]
    return x


@c.jitted()
def factory(x):
    print("factory", x)  # [python-print-in-graph]
    return x


@traced
def wrapped(x):
    return x + np.random.uniform()  # [python-random-in-graph]


@function_like
def silent(x):
    print("silent", x)
    return x


@logged
def also_silent(x):
    print("also silent", x)
    return x


@jitted
def misapplied(x):  # the factory applied bare: its def is not the tf.function
    print("misapplied", x)
    return x
