"""Fixed twin of codemia_layers_in_loop_in_call.py: the blocks are built once in __init__.

Source: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional (define structure once, execute it many times)
"""
# category: keras-layer-model
import tensorflow as tf



class Stack(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(w) for w in (32, 16)]

    def call(self, x):
        for block in self.blocks:
            x = block(x)
        return x
