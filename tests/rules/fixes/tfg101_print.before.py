"""print() in graph code becomes tf.print(); comments and formatting survive."""
# fix-runtime: differs in: stdout, stderr
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
    print(x, sep=None)  # None is print's default; tf.print takes only strings: left alone
    shown = print(y)  # its value is used: left alone
    return x + y, shown


def eager_helper(x):
    print("not graph code", x)  # not flagged, so never touched
    return x


def main():
    x, y = tf.constant(1.0), tf.constant([2.0, 3.0])
    return [step(x, y), step(x, y), eager_helper(4)]
