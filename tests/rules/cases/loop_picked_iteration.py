"""A call under ``if i == last:`` in a loop over range() runs once per run of that loop: the loop
does not repeat it, so what changes between its iterations does not reach the call twice (shape
of aymericdamien/TensorFlow-Examples, multigpu_training.ipynb: the gradients of every tower,
averaged by a tf.function in the last iteration only). The same call unguarded, under a guard
that is not an equality on the loop's index, or in a loop whose items may repeat, is repeated.
"""
import tensorflow as tf

NUM_TOWERS = 2


@tf.function
def average(grads):
    return tf.add_n(grads) / len(grads)


@tf.function
def scale(x, factor):
    return x * factor


def towers(x):
    grads = []
    for i in range(NUM_TOWERS):
        grads.append(x * float(i))
        if i == NUM_TOWERS - 1:
            x = average(grads)  # the list always holds NUM_TOWERS tensors here
    return x


def towers_every_step(x):
    grads = []
    for i in range(NUM_TOWERS):
        grads.append(x * float(i))
        x = average(grads)  # [python-collection-argument]
    return x


def towers_after_some(x):
    grads = []
    for i in range(4):
        grads.append(x * float(i))
        if i >= 2:
            x = average(grads)  # [python-collection-argument]
    return x


def towers_by_item(x, items):
    grads = []
    for item in items:
        grads.append(x * item)
        if item == items[-1]:  # an item may come back: not one iteration
            x = average(grads)  # [python-collection-argument]
    return x


def last_factor(x, steps):
    for i in range(steps):
        if i == steps - 1:
            x = scale(x, i)  # one value per run of the loop
    for i in range(steps):
        x = scale(x, i)  # [python-scalar-argument]
    return x


def first_made(x):
    for i, _ in enumerate([1, 2, 3]):
        if 0 == i:
            fast = tf.function(lambda v: v + 1.0)  # made once per run of the loop
            x = fast(x)
    return x
