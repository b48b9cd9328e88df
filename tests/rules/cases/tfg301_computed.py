"""TFG301: Python values computed from a loop variable or counter."""
import math

import tensorflow as tf

BASE_LR = 0.1
SCHEDULE = [0.1, 0.05, 0.01]


@tf.function
def apply(x, value):
    return x * value


def computed(x):
    for epoch in range(3):
        apply(x, epoch * 0.1)  # [python-scalar-argument]
        apply(x, float(epoch))  # [python-scalar-argument]
        apply(x, BASE_LR * 0.9 ** epoch)  # [python-scalar-argument]
        apply(x, -epoch)  # [python-scalar-argument]
        apply(x, SCHEDULE[epoch])  # [python-scalar-argument]
        apply(x, math.exp(-epoch))  # [python-scalar-argument]
        apply(x, max(0.01, 1.0 / (epoch + 1)))  # [python-scalar-argument]
        apply(x, str(epoch))  # [python-scalar-argument]
        apply(x, f"epoch-{epoch}")  # [python-scalar-argument]
        lr = BASE_LR * 0.5 ** epoch
        apply(x, lr)  # [python-scalar-argument]
        warmup: float = min(1.0, epoch / 10)
        apply(x, warmup)  # [python-scalar-argument]
        apply(x, lr if epoch > 0 else 1.0)  # [python-scalar-argument]


def silent_computations(x, base, scale_tensor):
    fixed = BASE_LR * 2
    for epoch in range(3):
        apply(x, tf.constant(epoch * 0.1))
        apply(x, epoch * scale_tensor)  # tensor * int is a tensor
        apply(x, base * epoch)  # base may be a tensor: unknown
        apply(x, epoch == 0)  # a bool: at most two graphs, like a mode switch
        apply(x, 0.1 if epoch < 2 else 0.01)  # two fixed values
        apply(x, fixed)
        apply(x, SCHEDULE[0])
        apply(x, len(SCHEDULE))
        apply(x, int(scale_tensor))
        t = tf.constant(epoch)
        apply(x, t + 1)


def bounded_bools(x):
    for epoch in range(3):
        apply(x, not epoch)
        apply(x, bool(epoch % 2))
        apply(x, epoch > 1)
    for flag in [True, False]:
        apply(x, flag)  # [python-scalar-argument]
        apply(x, not flag)
