"""TFG207: conditions that are Python values, not tensors: no tf.cond, nothing to report."""
import tensorflow as tf


# TensorFlow's queries of the execution mode return Python bools (tf-keras'
# BatchNormalization: use_fused_avg_updates = executing_eagerly_outside_functions() and ...).
class FusedNorm(tf.keras.layers.Layer):
    def call(self, inputs):
        fused = (
            tf.compat.v1.executing_eagerly_outside_functions()
            and isinstance(self.momentum, (float, int))
        )
        if fused:
            factor = 1.0 - self.momentum
        else:
            factor = None
        return inputs * factor
