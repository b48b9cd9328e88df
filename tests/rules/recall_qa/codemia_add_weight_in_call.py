"""A custom layer that calls add_weight inside call() under a condition.

Source: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional
Hazard: the weight is created during the forward pass, inside a traced call, instead of once in build.
"""
# category: keras-layer-model
import tensorflow as tf



class Scale(tf.keras.layers.Layer):
    def call(self, x):
        w = self.add_weight(name="w", shape=(x.shape[-1],))  # [variable-created-in-graph]
        return x * w
