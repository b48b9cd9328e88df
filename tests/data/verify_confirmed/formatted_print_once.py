"""An f-string of a tensor printed once in a tf.function: it formats the graph tensor's name."""
import tensorflow as tf


@tf.function
def report(loss):
    print(f"loss is {loss}")  # [python-print-in-graph]
    return loss


report(tf.constant(0.5))
