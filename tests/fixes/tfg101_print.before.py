"""print() in graph code becomes tf.print(); comments and formatting survive."""
import sys

import tensorflow as tf


@tf.function
def step(x, y):
    print("x is", x)  # keep this comment
    print(
        "y is",   # odd spacing stays
        y,
        sep=" = ",
        end="\n",
    )
    print("to stderr", x, file=sys.stderr)
    print(f"formatted {x}")  # formatted while tracing: left alone
    print("x=%s" % x)  # left alone
    print("x={}".format(x))  # left alone
    print(str(x))  # left alone
    print(x, flush=True)  # tf.print has no flush: left alone
    return x + y


def eager_helper(x):
    print("not graph code", x)  # not flagged, so never touched
    return x
