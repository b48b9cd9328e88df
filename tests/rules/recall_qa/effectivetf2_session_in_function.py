"""Effective TF2 migration: a TF1 helper that opens a Session, now called from a tf.function.

Source: https://tensorflowcn.cn/guide/effective_tf2?hl=th
Hazard: the helper makes a tf.compat.v1.Session and runs it while the caller is being traced.
"""
# category: tf1-style
import tensorflow as tf



def evaluate(t):
    with tf.compat.v1.Session() as sess:  # [eager-only-call-in-graph]
        return sess.run(t)  # [eager-only-call-in-graph]


@tf.function
def step(x):
    return evaluate(x * 3.0)
