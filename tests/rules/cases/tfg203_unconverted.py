"""TFG203: tensors in Python control flow where AutoGraph is off (autograph=False, do_not_convert)."""
import tensorflow as tf


@tf.function(autograph=False)
def no_autograph(x):
    total = tf.reduce_sum(x)
    if total > 0:  # [tensor-used-as-python-value]
        total = total * 2
    while total > 100 and tf.reduce_max(x) > 1:  # [tensor-used-as-python-value]
        total = total / 2
    sign = 1.0 if total > 0 else -1.0  # [tensor-used-as-python-value]
    negative = not total > 0  # [tensor-used-as-python-value]
    both = (total > 0) and (total < 10)  # [tensor-used-as-python-value]
    either = (total > 0) or (total < -10) or (total > 5)  # [tensor-used-as-python-value]
    count = int(total)  # [tensor-used-as-python-value]
    ratio = float(total)  # [tensor-used-as-python-value]
    size = len(tf.reshape(x, [-1]))  # [tensor-used-as-python-value]
    for v in tf.reshape(x, [-1]):  # [tensor-used-as-python-value]
        tf.print(v)
    for _ in range(tf.size(x)):  # [tensor-used-as-python-value]
        tf.print(total)
    if not total > 0:  # [tensor-used-as-python-value]
        total = -total
    return sign, negative, both, either, count, ratio, size


@tf.function
@tf.autograph.experimental.do_not_convert
def not_converted(x):
    if tf.reduce_sum(x) > 0:  # [tensor-used-as-python-value]
        return x
    return -x


@tf.autograph.experimental.do_not_convert
def unconverted_helper(x):
    if tf.reduce_sum(x) > 0:  # [tensor-used-as-python-value]
        return x
    return -x


@tf.function
def calls_unconverted_helper(x):
    return unconverted_helper(x)


def plain_helper(x):
    while tf.reduce_max(x) > 1.0:  # [tensor-used-as-python-value]
        x = x / 2
    return x


def body(x):
    return plain_helper(x) if tf.reduce_sum(x) > 0 else x  # [tensor-used-as-python-value]


fast_body = tf.function(body, autograph=False)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)], autograph=False)
def declared(x):
    return len(x)  # [tensor-used-as-python-value]


@tf.function(autograph=False)
def parameter_from_calls(x, y):
    if x > y:  # [tensor-used-as-python-value]
        return x
    return y


def main():
    return parameter_from_calls(tf.constant(1.0), 2.0)


# -- silent ----------------------------------------------------------------------------------------

@tf.function(autograph=False)
def python_control_flow(x, layers=3):
    if x.shape.rank == 1 and x.shape[0] is not None:
        x = tf.reshape(x, [1, -1])
    if tf.executing_eagerly() or not tf.is_tensor(x):
        return x
    for i in range(layers):
        x = tf.identity(x, name=f"layer_{i}")
    for piece in tf.unstack(x):
        tf.print(piece)
    n = len([1, 2, 3])
    flag = True
    if flag and n > 2:
        x = x * 2.0
    y = tf.cond(tf.reduce_sum(x) > 0, lambda: x, lambda: -x)
    return tf.where(tf.reduce_sum(y) > 0, y, -y)


@tf.function(autograph=False)
def unknown_parameters(x, flag):
    if flag:
        return x
    return -x
