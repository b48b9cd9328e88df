"""TFG203: break and return under a tensor condition inside loops AutoGraph leaves to Python."""
import tensorflow as tf

STEPS = 4


@tf.function
def python_range(x):
    for _ in range(3):  # low: [python-range-loop]
        x = x - 1.0
        if tf.reduce_sum(x) < 0:
            break  # [tensor-used-as-python-value]
    return x


@tf.function
def python_list_of_tensors(x):
    for piece in [x, x * 2.0]:
        if tf.reduce_max(piece) > 3.0:
            break  # [tensor-used-as-python-value]
    return x


@tf.function
def while_true(x):
    while True:
        x = x - 1.0
        if tf.reduce_sum(x) < 0:
            break  # [tensor-used-as-python-value]
    return x


@tf.function
def python_counter(x):
    step = 0
    while step < STEPS:  # [python-range-loop]
        step += 1
        if tf.reduce_sum(x) > 10.0:
            return x  # [tensor-used-as-python-value]
        x = x * 2.0
    return x


@tf.function
def return_through_tensor_loop(x):
    for _ in range(2):  # low: [python-range-loop]
        for _ in tf.range(3):
            if tf.reduce_sum(x) > 10.0:
                return x  # [tensor-used-as-python-value]
            x = x * 2.0
    return x


@tf.function
def break_in_inner_python_loop(x):
    for _ in tf.range(3):
        for scale in (1.0, 2.0):
            if tf.reduce_sum(x) * scale > 5.0:
                break  # [tensor-used-as-python-value]
        x = x + 1.0
    return x


def main():
    return python_range(tf.constant([1.0]))


# -- silent ----------------------------------------------------------------------------------------

@tf.function
def tensor_loops(x):
    for _ in tf.range(3):
        if tf.reduce_sum(x) < 0:
            break
        x = x - 1.0
    while tf.reduce_sum(x) > 0:
        if tf.reduce_max(x) > 5.0:
            break
        x = x - 1.0
    for _ in range(tf.shape(x)[0]):  # range over a tensor bound becomes tf.range
        if tf.reduce_sum(x) < 0:
            break
    for _ in range(2):  # low: [python-range-loop]
        for _ in tf.range(3):  # a break leaves only its own (tensor) loop
            if tf.reduce_sum(x) < 0:
                break
    return x


@tf.function
def continue_is_converted(x):
    total = tf.constant(0.0)
    for i in range(3):
        if tf.reduce_sum(x) > float(i):
            continue
        total += 1.0
    return total


@tf.function
def python_conditions(x, n):
    for i in range(3):  # low: [python-range-loop]
        if i == 2:
            break
        x = x + 1.0
    for _ in range(n):  # unknown bound: may be a tensor
        if tf.reduce_sum(x) > 0:
            break
    for _ in range(3):  # low: [python-range-loop]
        if x.shape[0] > 2:
            return x
    return x


@tf.function
def return_without_loop(x):
    if tf.reduce_sum(x) > 0:
        return x
    return -x
