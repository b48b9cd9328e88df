"""A while-loop on a Python counter in a tf.function is unrolled while tracing.

Users port numerical loops (Newton steps, power iterations) with ``i = 0; while i < n:``;
AutoGraph leaves a loop on a Python condition to Python, so the graph holds one copy of the
body per iteration.
"""
# runtime: unrolls power >= 4
import tensorflow as tf


@tf.function
def power(x):
    i = 0
    while i < 4:  # [python-range-loop]
        x = x * x
        i += 1
    return x


def main():
    return power(tf.constant(1.5)).numpy().item()
