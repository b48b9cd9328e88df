"""Logging progress with print() inside a tf.function step.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
Hazard: print() runs only while tracing, so the log shows one line instead of one per step.
"""
# category: decorated
import tensorflow as tf


@tf.function
def scaled(x, factor):
    print("scaling by", factor)  # [python-print-in-graph]
    return x * factor


for step in range(3):
    scaled(tf.constant([1.0, 2.0]), tf.constant(2.0))
