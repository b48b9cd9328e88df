"""tf.function(train_step) called once: the print in train_step runs only while tracing."""
import tensorflow as tf


def train_step(x):
    print("train_step", x)  # [python-print-in-graph]
    return x + 1


train = tf.function(train_step)
train(tf.constant(1.0))
