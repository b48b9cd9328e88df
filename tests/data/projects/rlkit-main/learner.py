"""A repository that is itself the package (an __init__.py at its root, as google-research/
seed_rl), imported by its package name (``rlkit``) though checked out as ``rlkit-main``:
``rlkit.common.ops`` is ``common/ops.py`` of this project. ``otherkit.common.ops`` is another
library's, whatever the project's layout: not followed."""
import tensorflow as tf
from otherkit.common import ops as other_ops

from rlkit.common import ops


@tf.function
def step(x):
    return ops.noisy(x) * other_ops.report(x)


print(ops.report(step(tf.constant(1.0))))
