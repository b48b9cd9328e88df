"""Fixed twin of pgaleone_variable_in_function.py: variables live in an object and are created once.

Source: https://pgaleone.eu/tensorflow/tf.function/2019/03/21/dissecting-tf-function-part-1/ (create the variables once, outside the traced body)
"""
# category: decorated
import tensorflow as tf



class Linear(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[1.0, 0.0], [0.0, 1.0]])
        self.b = tf.Variable(12.0)

    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b
