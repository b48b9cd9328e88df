"""A tf.function that loops over a captured Python list of batches.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
Hazard: the Python for-loop over the list is unrolled at trace time: one copy of the body per element.
"""
# category: decorated
import tensorflow as tf

batches = [tf.fill([2], float(i)) for i in range(500)]


@tf.function
def total():
    acc = tf.zeros([2])
    for b in batches:  # [python-loop-over-data]
        acc = acc + b
    return acc
