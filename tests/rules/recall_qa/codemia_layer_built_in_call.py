"""A Keras layer that creates its sub-layer inside call().

Source: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional
Hazard: a new Dense (and new weights) is made on each trace; Keras complains about variables created in control flow.
"""
# category: keras-layer-model
import tensorflow as tf



class Head(tf.keras.layers.Layer):
    def call(self, x):
        proj = tf.keras.layers.Dense(4)  # [variable-created-in-graph]
        return proj(x)
