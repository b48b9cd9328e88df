# The same layer in a package named vendor, holding a folder called tf_keras: its modules are
# vendor.tf_keras..., which AutoGraph converts.
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
        if not tf.reduce_all(tf.equal(self.kernel, 0.0)):  # a package of its own (vendor), which AutoGraph converts: silent
            self.kernel.assign(self.kernel / tf.norm(self.kernel))
