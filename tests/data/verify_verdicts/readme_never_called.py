"""The README's own example: a print in a tf.function that nothing calls. Flagged, but the file
is a module, not a program (it calls nothing of its own): NOT RUN, saying so."""
import tensorflow as tf


@tf.function
def f(x):
    print("Python execution:", x)
    tf.print("Graph execution:", x)
    return x
