"""TFG207: return values on one side of a tensor if, and variables first set in a dataset loop."""
import tensorflow as tf


@tf.function
def falls_off_the_end(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        return x * 2.0


@tf.function
def bare_return(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        return
    return x


@tf.function
def returns_none_after(x):
    tf.print(x)
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        y = x * 2.0
        return y
    tf.print("not positive")
    return None


@tf.function
def bare_return_and_end(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        tf.print(x)
        return
    tf.print(-x)


@tf.function
def bare_returns_on_both_paths(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        tf.print(x)
        return
    tf.print(-x)
    return


@tf.function
def nested_in_a_tensor_if(x):
    if tf.reduce_sum(x) > 0:  # [tensor-branch-undefined-variable]
        if tf.reduce_max(x) > 5.0:
            return x
        return -x


@tf.function
def inner_if_falls_off(x):
    if tf.reduce_sum(x) > 0:
        if tf.reduce_max(x) > 5.0:  # [tensor-branch-undefined-variable]
            return x
    else:
        tf.print(x)


@tf.function
def dataset_loop():
    for batch in tf.data.Dataset.range(6).batch(2):  # [tensor-branch-undefined-variable]
        total = tf.reduce_sum(batch)
    return total


@tf.function
def loop_target_read_after(ds):
    for element in ds:  # [tensor-branch-undefined-variable]
        tf.print(element)
    return element


@tf.function
def none_before_the_loop(dataset):
    last = None
    for step, element in enumerate(dataset):  # [tensor-branch-undefined-variable]
        last = element
    return last, step


@tf.function
def dataset_iterator():
    iterator = iter(tf.data.Dataset.range(3))
    for element in iterator:  # [tensor-branch-undefined-variable]
        last = element
    return last


# -- silent ----------------------------------------------------------------------------------------

@tf.function
def returns_on_both_paths(x):
    if tf.reduce_sum(x) > 0:
        return x * 2.0
    return x


@tf.function
def returns_in_both_branches(x):
    if tf.reduce_sum(x) > 0:
        return x
    else:
        return -x


@tf.function
def no_return_statement(x):
    if tf.reduce_sum(x) > 0:
        tf.print(x)
    tf.print(-x)


@tf.function
def nested_early_returns(x):
    if tf.reduce_sum(x) > 0:
        if tf.reduce_max(x) > 5.0:
            return x
        return -x
    return x * 2.0


@tf.function
def defined_before_the_loop():
    total = tf.constant(0, tf.int64)
    for batch in tf.data.Dataset.range(6).batch(2):
        total = tf.reduce_sum(batch)
    return total


@tf.function
def local_to_the_loop(ds):
    total = tf.constant(0, tf.int64)
    for element in ds:
        doubled = element * 2
        total += doubled
    return total


@tf.function
def tensor_loops(x):
    for i in tf.range(3):  # TensorFlow 2.21 defines y itself: a tensor
        y = x * tf.cast(i, tf.float32)
    while tf.reduce_sum(x) > 0:
        z = x
        x = x - 1.0
    return y, z


@tf.function
def python_loop(x):
    for i in range(2):
        y = x * float(i)
    return y


def make_dataset():
    return tf.data.Dataset.range(3)


@tf.function
def unknown_iterable(data):
    for element in data:
        last = element
    return last
