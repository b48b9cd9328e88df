"""The README's own example: a print in a tf.function that nothing calls. Flagged, but nothing
ran: UNCONFIRMED, saying that f was never called."""
import tensorflow as tf


@tf.function
def f(x):
    print("Python execution:", x)
    tf.print("Graph execution:", x)
    return x
