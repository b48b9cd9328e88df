"""Fixed twin of itsfoss_print_step_counter.py: tf.print is a graph op and runs every call.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it (tf.print instead of print)
"""
# category: decorated
import tensorflow as tf


@tf.function
def scaled(x, factor):
    tf.print("scaling by", factor)
    return x * factor


for step in range(3):
    scaled(tf.constant([1.0, 2.0]), tf.constant(2.0))
