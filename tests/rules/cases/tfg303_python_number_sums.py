"""TFG303: a loop that sums tensors into a name that starts as a Python number.

``total = 0`` before the loop, ``total += tf.reduce_sum(...)`` in it: over ``tf.range`` AutoGraph
would need ``total`` to keep the dtype and shape it starts with, so only the unrolled loop works:
LOW, with the reason in the message.
Twins: a sum that starts as a tensor, a Python counter beside tensor work, and a name rebound in a
branch before the loop (not a Python number on every path).
"""
import tensorflow as tf


@tf.function
def pairwise(latent, fields):
    latent = tf.convert_to_tensor(latent)
    total = 0
    for i in range(fields):  # low: [python-range-loop]
        for j in range(i + 1, fields):
            total += tf.reduce_sum(latent[:, i] * latent[:, j], axis=1, keepdims=True)
    return total


@tf.function
def pairwise_from_tensor(latent, fields):
    total = tf.zeros_like(latent[:, 0, :1])
    for i in range(fields):  # [python-range-loop]
        total = total + tf.reduce_sum(latent, axis=1, keepdims=True) * i
    return total


@tf.function
def counted(x, steps):
    count = 0
    for _ in range(steps):  # [python-range-loop]
        x = tf.nn.relu(x)
        count += 1
    return x, count


@tf.function
def rebound_first(x, steps, warm):
    total = 0.0
    if warm:
        total = tf.reduce_mean(x)
    for _ in range(steps):  # [python-range-loop]
        total += tf.reduce_sum(x)
    return total


def run(latent):
    return pairwise(latent, 8), pairwise_from_tensor(latent, 8), counted(latent, 8), rebound_first(latent, 8, True)
