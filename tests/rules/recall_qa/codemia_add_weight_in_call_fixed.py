"""Fixed twin of codemia_add_weight_in_call.py: the weight is created in build().

Source: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional (create weights in build)
"""
# category: keras-layer-model
import tensorflow as tf



class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(name="w", shape=(input_shape[-1],))

    def call(self, x):
        return x * self.w
