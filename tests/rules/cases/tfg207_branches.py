"""TFG207: variables that only one branch of a tensor if defines, read after the if."""
import tensorflow as tf


@tf.function
def only_if_branch(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        y = x * 2.0
    return y


@tf.function
def only_else_branch(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        pass
    else:
        y = -x
    return y


@tf.function
def none_before(x):
    best = None
    if tf.reduce_max(x) > 1.0:  # [tensor-branch-undefined-variable]
        best = tf.reduce_max(x)
    return best


@tf.function
def none_in_other_branch(x):
    if tf.reduce_max(x) > 1.0:  # [tensor-branch-undefined-variable]
        best = tf.reduce_max(x)
    else:
        best = None
    return best


@tf.function
def two_names(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        low, high = tf.reduce_min(x), tf.reduce_max(x)
    return high - low


@tf.function
def elif_without_else(x):
    total = tf.reduce_sum(x)
    if total > 10.0:
        label = 2
    elif total > 0.0:  # [tensor-branch-undefined-variable]
        label = 1
    return label


@tf.function
def read_in_next_iteration(x):
    for _ in range(2):  # low: [python-range-loop]
        if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
            step = x
        x = x + step
    return x


@tf.function
def nested_in_tensor_branch(x):
    if tf.reduce_sum(x) > 0:
        if tf.reduce_max(x) > 5.0:  # [tensor-branch-undefined-variable]
            y = x
    else:
        y = -x
    return y


@tf.function
def read_by_closure(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        y = x

    def show():
        tf.print(y)

    show()
    return x


@tf.function
def inside_with(x):
    with tf.name_scope("block"):
        if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
            y = x
    return y


@tf.function
def condition_from_a_name(x):
    positive = tf.reduce_sum(x) > 0
    if positive:  # [tensor-branch-undefined-variable]
        y = x
    return y


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def declared_parameter(limit):
    if limit > 0:  # [tensor-branch-undefined-variable]
        y = limit
    return y


@tf.function
def parameter_from_calls(limit):
    if limit > 0:  # [tensor-branch-undefined-variable]
        y = limit
    return y


def main():
    return parameter_from_calls(tf.constant(1.0))


# -- silent ----------------------------------------------------------------------------------------

@tf.function
def defined_before(x):
    y = tf.zeros_like(x)
    if tf.reduce_sum(x) > 0:
        y = x * 2.0
    return y


@tf.function
def both_branches(x):
    if tf.reduce_sum(x) > 0:
        y = x
    else:
        y = -x
    return y


@tf.function
def not_read_after(x):
    if tf.reduce_sum(x) > 0:
        y = x * 2.0
        tf.print(y)
    return x


@tf.function
def reassigned_before_read(x):
    if tf.reduce_sum(x) > 0:
        y = x * 2.0
    y = x
    return y


@tf.function
def other_branch_leaves(x):
    if tf.reduce_sum(x) > 0:
        y = x * 2.0
    else:
        return x
    return y


@tf.function
def python_condition(x, training=False):
    if training:
        y = x * 2.0
    if x.shape[0] > 2:
        z = x
    return y + z


@tf.function
def parameter_unknown(x, flag):
    if flag > 0:
        y = x
    return y


@tf.function
def python_branch_inside(x, training=True):
    if tf.reduce_sum(x) > 0:
        if training:
            y = x
    else:
        y = -x
    return y


@tf.function(autograph=False)
def not_converted(x):
    if x.shape[0] > 2:
        y = x
    return y


# A loop's own target is bound before its body reads it: the names the first branch's loop left
# are dead (shape of deepmind/acme, agents/tf/mpo/learning.py, https://github.com/deepmind/acme:
# two target-network updates one after the other; traces on TF 2.21). Read elsewhere, still reported.
online = [tf.Variable(1.0)]
target = [tf.Variable(0.0)]


@tf.function
def update_targets(steps):
    if tf.math.mod(steps, 2) == 0:
        for src, dest in zip(online, target):
            dest.assign(src)
    if tf.math.mod(steps, 3) == 0:
        for src, dest in zip(online, target):
            dest.assign(src)
    return steps


@tf.function
def loop_reads_the_old_one(steps):
    if tf.math.mod(steps, 2) == 0:  # [tensor-branch-undefined-variable]
        for src, dest in zip(online, target):
            dest.assign(src)
    for other in target:
        other.assign(src)
    return steps
