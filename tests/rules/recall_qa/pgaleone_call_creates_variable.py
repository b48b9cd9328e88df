"""A class whose tf.function __call__ creates its variable on every call.

Source: https://pgaleone.eu/tensorflow/tf.function/2019/03/21/dissecting-tf-function-part-1/
Hazard: self.v = tf.Variable(...) runs in the traced body; tracing again creates another variable and raises.
"""
# category: decorated
import tensorflow as tf



class Scaler:
    @tf.function
    def __call__(self, x):
        self.v = tf.Variable(2.0)  # [variable-created-in-graph]
        return x * self.v
