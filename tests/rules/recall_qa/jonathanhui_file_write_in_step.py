"""Eager vs graph: writing the loss to a log file from inside a tf.function.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1
Hazard: the file write is a Python side effect: it happens once, at trace time, with a symbolic tensor.
"""
# category: decorated
import tensorflow as tf

log = open("train.log", "a")


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x)
    log.write(f"loss {loss}\n")  # [python-side-effect-in-graph, tensor-formatted-at-trace]
    return loss
