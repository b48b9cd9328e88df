"""Fixed twin of itsfoss_recursive_factorial.py: a tf.while_loop-style loop replaces the recursion.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it (rewrite the recursion as a loop)
"""
# category: decorated
import tensorflow as tf


@tf.function
def fact(n):
    acc = tf.constant(1)
    while n > 1:
        acc = acc * n
        n = n - 1
    return acc
