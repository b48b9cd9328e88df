"""Python numbers and flags as tf.function arguments: each new value is a new graph (TFG301)."""
import tensorflow as tf


@tf.function
def train_step(x, lr, training=True):
    if training:
        return x * lr
    return x


x = tf.ones((4, 2))
for lr in (0.1, 0.1, 0.05):
    train_step(x, lr)  # retrace: train_step python-value lr
train_step(x, 0.05, training=False)  # retrace: train_step python-value training
train_step(x, tf.constant(0.01))  # retrace: train_step kind lr
train_step(x, tf.constant(0.02))  # the same trace as a float32 scalar tensor: no retrace
