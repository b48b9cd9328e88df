"""A repository that is itself the package (an __init__.py at its root, as google-research/
seed_rl), imported by its package name (``rlkit``) though checked out under another folder name:
``rlkit.common.ops`` is ``common/ops.py`` of this project."""
import tensorflow as tf

from rlkit.common import ops


@tf.function
def step(x):
    return ops.noisy(x) * 2.0


print(ops.report(step(tf.constant(1.0))))
