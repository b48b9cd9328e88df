import tensorflow as tf


def mixed_mode(scatter_fn):
    # Calling a function decorated with this calls the wrapper: its body runs where they do.
    def wrapper(updates, indices, n):
        if len(tf.shape(updates)) == 3:  # [tensor-used-as-python-value]
            updates = tf.transpose(updates, perm=(1, 0, 2))
        return scatter_fn(updates, indices, n)

    return wrapper


def registered(fn):
    # Returns a def of its own that never calls fn: not a wrapper of it.
    def describe():
        if len(tf.shape(tf.zeros([2]))) == 1:  # describe runs nowhere: silent
            return "one"
        return fn.__name__

    fn.describe = describe
    return fn


@mixed_mode
def scatter_sum(updates, indices, n):
    return tf.math.unsorted_segment_sum(updates, indices, n)


@registered
def scatter_max(updates, indices, n):
    return tf.math.unsorted_segment_max(updates, indices, n)


def transpose_batch(x):
    if tf.rank(x) == 3:  # [tensor-used-as-python-value]
        x = tf.transpose(x, perm=(1, 0, 2))
    return x


def converted_rank(x):
    # Reached only from a tf.function, which AutoGraph converts: len() gives tf.shape(x)[0].
    if len(tf.shape(x)) == 3:
        x = tf.transpose(x, perm=(1, 0, 2))
    return x

