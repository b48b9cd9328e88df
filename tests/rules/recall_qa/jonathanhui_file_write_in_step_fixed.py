"""Fixed twin of jonathanhui_file_write_in_step.py: the eager caller writes the returned value.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1 (do the I/O outside the tf.function)
"""
# category: decorated
import tensorflow as tf

log = open("train.log", "a")


@tf.function
def train_step(x):
    return tf.reduce_mean(x)


loss = train_step(tf.constant([1.0, 2.0]))
log.write(f"loss {float(loss)}\n")
