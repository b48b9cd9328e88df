"""sys.exit(3) after a retrace: the exit status is the program's own."""
import sys

import tensorflow as tf


@tf.function
def scale(x, factor):
    return x * factor


scale(tf.ones(2), 2.0)
scale(tf.ones(2), 3.0)  # retrace: scale python-value factor
print("argv:", sys.argv[1:])
sys.exit(3)
