"""A comment that judges its line wrong marks a demonstration: the finding is LOW.

tensorflow/docs' tf.function guide (the review corpus) labels the hazards it shows:
``x = a + b  # Bad - leaks local tensor``. The judgement must open the comment (on the line, or
on a comment-only line right above it); a comment that only names something stays silent about
the finding, which is reported.
"""
import numpy as np
import tensorflow as tf

x = None


@tf.function
def leaky_function(a):
    global x
    x = a + 1  # Bad - leaks local tensor  # low: [python-state-mutation]
    return a + 2


@tf.function
def noisy(a):
    # Wrong: the noise is drawn once, while tracing
    noise = np.random.normal()  # low: [python-random-in-graph]
    print("noise", noise)  # [python-print-in-graph]
    return a + noise


@tf.function
def counted(a):
    global x
    x = a * 2  # bad pixels are masked elsewhere  # [python-state-mutation]
    s = "# Bad - not a comment"; print(s, a)  # [python-print-in-graph]
    return a
