"""A Python global counter incremented inside a tf.function.

Source: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
Hazard: the += runs once at trace time; later calls reuse the graph and the counter stays at 1.
"""
# category: decorated
import tensorflow as tf

calls = 0


@tf.function
def step(x):
    global calls
    calls += 1  # [python-state-mutation]
    return x + 1
