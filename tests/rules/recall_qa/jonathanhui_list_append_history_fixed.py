"""Fixed twin of jonathanhui_list_append_history.py: the caller collects the returned values.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1 (return the value and collect it in eager code)
"""
# category: decorated
import tensorflow as tf

history = []


@tf.function
def train_step(x):
    return tf.reduce_mean(tf.square(x))


for batch in tf.data.Dataset.from_tensor_slices([[1.0], [2.0]]):
    history.append(train_step(batch))
