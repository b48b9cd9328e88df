"""Effective TF2: undecorated helpers called from a tf.function are traced too (here, one that prints).

Source: https://tensorflowcn.cn/guide/effective_tf2?hl=th
Hazard: the helper's print() runs only while the caller is traced.
"""
# category: helper
import tensorflow as tf



def log_norm(t):
    print("norm", tf.norm(t))  # [python-print-in-graph]
    return t


@tf.function
def step(x):
    return log_norm(x * 2.0)
