"""Fixed twin of jonathanhui_python_int_step_argument.py: the step is passed as a tensor.

Source: https://jonathan-hui.medium.com/tensorflow-eager-execution-v-s-graph-tf-function-6edaa870b1f1 (wrap the counter in a tensor)
"""
# category: call-site
import tensorflow as tf


@tf.function
def log_step(x, step):
    return x * tf.cast(step, tf.float32)


for step in tf.range(1000):
    log_step(tf.ones([2]), step)
