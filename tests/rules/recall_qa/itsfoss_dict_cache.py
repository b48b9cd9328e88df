"""Caching intermediate results in a module-level dict from inside a tf.function.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
Hazard: the dict is written once, at trace time, with a symbolic tensor; later calls never update it.
"""
# category: decorated
import tensorflow as tf

cache = {}


@tf.function
def encode(x):
    y = tf.nn.relu(x)
    cache["last"] = y  # [outer-collection-mutation]
    return y
