"""TFG203 twin: Keras 2 (tf_keras) converts a layer's call and a model's train_step with
AutoGraph, so len() of a tensor and a Python if on one work there: silent."""
import tensorflow as tf
import tf_keras


class MaskGenerator(tf_keras.layers.Layer):
    def call(self, inputs):
        if tf.rank(inputs) == 1:
            inputs = inputs[tf.newaxis, :]
        return inputs * float(len(tf.shape(inputs)))


class Scaled(tf_keras.Model):
    def train_step(self, data):
        x, y = data
        if tf.reduce_max(x) > 1.0:
            x = x / tf.reduce_max(x)
        return super().train_step((x, y))
