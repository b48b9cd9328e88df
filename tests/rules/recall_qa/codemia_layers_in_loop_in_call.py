"""A model whose call() builds its blocks in a loop (initializer from inside a control-flow construct).

Source: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional
Hazard: each trace of call() makes new Dense layers inside the loop: new variables on every trace.
"""
# category: keras-layer-model
import tensorflow as tf



class Stack(tf.keras.Model):
    def call(self, x):
        for width in (32, 16):
            x = tf.keras.layers.Dense(width)(x)  # [variable-created-in-graph]
        return x
