"""A helper's branch that a caller decides through a parameter of its own, passed on unchanged:
``def initial(self, inputs=None): return self.cell.initial(inputs)``. What the helper gets there
is what the forwarding function's own graph calls pass (followed through two such callers). LOW,
off by default, when every one leaves the branch untaken; the twins, whose outer calls pass a
tensor, or that pass the parameter on through a third forwarding function, stay reported."""
import tensorflow as tf


def initial(inputs=None, batch_size=None):
    if inputs is not None:
        assert batch_size == tf.shape(inputs)[0]  # low: [tensor-used-as-python-value]
    return tf.zeros([batch_size, 3])


def initial_forwarded(inputs=None, batch_size=None):
    return initial(inputs, batch_size)


def initial_forwarded_twice(inputs=None, batch_size=None):
    return initial_forwarded(inputs, batch_size)


@tf.function
def observe(x):
    return initial_forwarded_twice(batch_size=tf.shape(x)[0])


def initial_twin(inputs=None, batch_size=None):
    if inputs is not None:
        assert batch_size == tf.shape(inputs)[0]  # [tensor-used-as-python-value]
    return tf.zeros([batch_size, 3])


def initial_twin_forwarded(inputs=None, batch_size=None):
    return initial_twin(inputs, batch_size)


@tf.function
def observe_twin(x):
    return initial_twin_forwarded(x, tf.shape(x)[0])


def deep_twin(inputs=None, batch_size=None):
    if inputs is not None:
        assert batch_size == tf.shape(inputs)[0]  # [tensor-used-as-python-value]
    return tf.zeros([batch_size, 3])


def deep_one(inputs=None, batch_size=None):
    return deep_twin(inputs, batch_size)


def deep_two(inputs=None, batch_size=None):
    return deep_one(inputs, batch_size)


def deep_three(inputs=None, batch_size=None):  # a third forwarding caller is not followed
    return deep_two(inputs, batch_size)


@tf.function
def observe_deep_twin(x):
    return deep_three(batch_size=tf.shape(x)[0])
