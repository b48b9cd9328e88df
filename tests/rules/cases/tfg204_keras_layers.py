"""TFG204 in Keras layers: Keras 3 runs a layer's ``call`` (and what it calls) from its own
``Layer.__call__``, which AutoGraph does not convert, so no loop there becomes a tf.while_loop: a
list grows once per iteration, and a loop over a tensor raises at once (TFG203's). The same
``call`` under its own @tf.function is converted, and its list grows once per trace."""
import tensorflow as tf


def _gather_rows(x, n):
    rows = []
    for i in tf.range(n):  # low: [tensor-used-as-python-value]
        rows.append(x[i])
    return tf.stack(rows)


class Unconverted(tf.keras.layers.Layer):
    def call(self, x):
        steps = []
        for i in tf.range(tf.shape(x)[0]):  # low: [tensor-used-as-python-value]
            steps.append(x[i])
        return tf.stack(steps) + _gather_rows(x, tf.shape(x)[0])


class Converted(tf.keras.layers.Layer):
    @tf.function
    def call(self, x):
        steps = []
        for i in tf.range(tf.shape(x)[0]):
            steps.append(x[i])  # [python-list-in-tensor-loop]
        return tf.stack(steps)
