"""Fixed twin of tf105654_variable_in_model_call.py: the weight is made once, in build().

Source: https://github.com/tensorflow/tensorflow/issues/105654 (create state in __init__/build)
"""
# category: keras-layer-model
import tensorflow as tf


class TestModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(8)

    def build(self, input_shape):
        self.scale = self.add_weight(name="scale", shape=[8], initializer="ones")

    def call(self, inputs):
        return self.dense(inputs) * self.scale


model = TestModel()


@tf.function(jit_compile=True)
def predict(x):
    return model(x)
