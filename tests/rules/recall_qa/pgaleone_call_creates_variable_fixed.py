"""Fixed twin of pgaleone_call_creates_variable.py: the variable is created only on the first call.

Source: https://pgaleone.eu/tensorflow/tf.function/2019/03/21/dissecting-tf-function-part-1/ (create the variable once, guarded by 'is None')
"""
# category: decorated
import tensorflow as tf



class Scaler:
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(2.0)
        return x * self.v
