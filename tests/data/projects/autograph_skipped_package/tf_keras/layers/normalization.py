# A layer of the tf_keras package itself: AutoGraph's rules never convert that package's code, so
# Keras 2 runs this call unconverted and the if asks a symbolic tensor for a bool (tf_keras's
# SpectralNormalization, https://github.com/keras-team/tf-keras/commit/97e939f3814269b0d888a23747cb75b2e8c16df3).
import tensorflow as tf
from tf_keras.engine.base_layer import Layer


class WeightNormalization(Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], 4))

    def call(self, inputs, training=False):
        if training:  # a Python bool Keras passes: silent
            self.normalize_weights()
        return tf.matmul(inputs, self.kernel)

    def normalize_weights(self):
        if not tf.__internal__.tf2.enabled():  # a Python bool: silent
            return
        if not tf.reduce_all(tf.equal(self.kernel, 0.0)):  # [tensor-used-as-python-value]
            self.kernel.assign(self.kernel / tf.norm(self.kernel))
