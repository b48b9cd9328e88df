import tensorflow as tf

from .heads.classify import Classify


class MultiTask(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head = Classify()

    def call(self, inputs):
        return self.head(inputs)
