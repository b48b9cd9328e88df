"""Fixed twin of effectivetf2_helper_print.py: tf.print in the helper runs on every call.

Source: https://tensorflowcn.cn/guide/effective_tf2?hl=th (use tf.print)
"""
# category: helper
import tensorflow as tf



def log_norm(t):
    tf.print("norm", tf.norm(t))
    return t


@tf.function
def step(x):
    return log_norm(x * 2.0)
