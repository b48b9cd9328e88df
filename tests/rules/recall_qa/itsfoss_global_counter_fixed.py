"""Fixed twin of itsfoss_global_counter.py: a tf.Variable counter updated with assign_add.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it (keep state in a tf.Variable)
"""
# category: decorated
import tensorflow as tf

calls = tf.Variable(0)


@tf.function
def step(x):
    calls.assign_add(1)
    return x + 1
