"""TFG203 twin: a module that builds a tf.estimator (removed in TensorFlow 2.16, the release that
made Keras 3 the default) runs only where tf.keras is Keras 2, which converts a layer's call with
AutoGraph: len() of a tensor there works, silent (tfg203_keras2_only_api_twin still fires)."""
import tensorflow as tf


class SelfAttention(tf.keras.layers.Layer):
    def call(self, inputs):
        if len(tf.shape(inputs)) == 3:
            inputs = tf.reduce_mean(inputs, axis=1)
        return inputs


def model_fn(features, labels, mode):
    outputs = SelfAttention()(features)
    return tf.estimator.EstimatorSpec(mode, predictions=outputs)
