"""TFG303: a loop whose body adds or removes an axis of a tensor it carries needs the unroll (a
tf.while_loop keeps each loop variable's rank), whatever its bound; the twins keep the rank and
are reported."""
import tensorflow as tf


@tf.function
def expand(x, sample_shape):
    for _ in range(abs(len(sample_shape) - 1)):
        x = tf.expand_dims(x, axis=0)
    return x


@tf.function
def new_axes(x):
    n = 40
    for _ in range(n):
        x = x[..., tf.newaxis]
    return x


@tf.function
def squeezed(x):
    for _ in range(50):
        x = tf.squeeze(x, axis=-1)
    return x


@tf.function
def same_rank(x):
    for _ in range(40):  # [python-range-loop]
        x = tf.nn.relu(x) + 1.0
    return x


@tf.function
def expands_another(x, y):
    for _ in range(40):  # [python-range-loop]
        y = tf.expand_dims(x, axis=0) + y
    return y


@tf.function
def expands_in_a_nested_function(x):
    for _ in range(40):  # [python-range-loop]
        def widen(y):
            y = tf.expand_dims(y, axis=0)  # the nested function's own name, not the loop's tensor
            return y
        x = tf.nn.relu(x) + tf.reduce_sum(widen(x))
    return x


# A body that joins the carried tensor with more (the shape of a forecasting library's decoder
# lags: x = tf.concat([x, lagged], axis=-1) per lag) widens it on every iteration, which a
# tf.while_loop cannot carry (TFG209's hazard once converted): silent. The twins join another
# tensor, or a new one made in the body, and keep the carried shape: reported.
@tf.function
def widened(x, target):
    for i in range(2, 40):
        x = tf.concat([x, tf.roll(target, shift=i, axis=1)], axis=-1)
    return x


@tf.function
def stacked_from_another(x, target):
    for i in range(2, 40):  # [python-range-loop]
        y = tf.concat([target, target], axis=-1)
        x = x + tf.reduce_sum(y)
    return x
