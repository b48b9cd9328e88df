"""Eager vs graph: collecting per-step values in a Python list inside a tf.function.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1
Hazard: the append runs once while tracing; the list keeps one symbolic tensor, not one value per call.
"""
# category: decorated
import tensorflow as tf

history = []


@tf.function
def train_step(x):
    loss = tf.reduce_mean(tf.square(x))
    history.append(loss)  # [outer-collection-mutation]
    return loss
