"""A recursive tf.function (factorial on a tensor).

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
Hazard: a tf.function calling itself recurses while tracing and never terminates on a tensor condition.
"""
# category: decorated
import tensorflow as tf


@tf.function
def fact(n):
    if n <= 1:
        return tf.constant(1)
    return n * fact(n - 1)  # [recursive-tf-function]
