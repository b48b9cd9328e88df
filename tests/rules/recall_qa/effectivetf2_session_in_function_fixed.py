"""Fixed twin of effectivetf2_session_in_function.py: the helper just computes with tensors.

Source: https://tensorflowcn.cn/guide/effective_tf2?hl=th (no sessions in TF2 code)
"""
# category: tf1-style
import tensorflow as tf



def evaluate(t):
    return tf.identity(t)


@tf.function
def step(x):
    return evaluate(x * 3.0)
