"""TFG207 where AutoGraph does not convert the code: Keras 3 runs a layer's call from its own code,
which AutoGraph leaves alone, and so the helpers it calls (analysis/keras_unconverted). There a
tensor `if` is run by Python: its test raises while tracing (OperatorNotAllowedInGraphError, TFG203),
and no tf.cond is made whose branches must both return (TFG207's claim). The twin, the same helper
under a tf.function, which AutoGraph converts, is TFG207's: "the else branch must also have a return
statement". Both checked on TensorFlow 2.21 with Keras 3. A call that loops over tf.range was written
for Keras 2's conversion, under which AutoGraph converts its helpers too: each claim is LOW there, the
if's for Keras 3 and the return's for Keras 2.
"""
import tensorflow as tf


def orient(elements):
    width = tf.shape(elements)[-1]
    if width == 3:  # [tensor-used-as-python-value]
        return elements
    elif width == 6:  # [tensor-used-as-python-value]
        return elements * 2.0


class Orient(tf.keras.layers.Layer):
    def call(self, x):
        return orient(x)


def orient_converted(elements):
    width = tf.shape(elements)[-1]
    if width == 3:
        return elements
    elif width == 6:  # [tensor-branch-undefined-variable]
        return elements * 2.0


@tf.function
def traced(x):
    return orient_converted(x)


def orient_written_for_keras_2(elements):
    width = tf.shape(elements)[-1]
    if width == 3:  # low: [tensor-used-as-python-value]
        return elements
    elif width == 6:  # low: [tensor-used-as-python-value, tensor-branch-undefined-variable]
        return elements * 2.0


class Stacked(tf.keras.layers.Layer):
    def call(self, x):
        total = tf.zeros_like(x)
        for _ in tf.range(3):  # low: [tensor-used-as-python-value]
            total += orient_written_for_keras_2(x)
        return total
