"""Fixed twin of codemia_layer_built_in_call.py: the sub-layer is created once in __init__.

Source: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional (create sub-layers in __init__)
"""
# category: keras-layer-model
import tensorflow as tf



class Head(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.proj = tf.keras.layers.Dense(4)

    def call(self, x):
        return self.proj(x)
