"""A Keras Model whose call() builds a tf.Variable, run under tf.function(jit_compile=True).

Source: https://github.com/tensorflow/tensorflow/issues/105654
Hazard: tf.Variable created in call(): "tf.function only supports singleton tf.Variables".
"""
# category: keras-layer-model
import tensorflow as tf


class TestModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(8)

    def call(self, inputs):
        scale = tf.Variable(tf.ones([8]))  # [variable-created-in-graph]
        return self.dense(inputs) * scale


model = TestModel()


@tf.function(jit_compile=True)
def predict(x):
    return model(x)
