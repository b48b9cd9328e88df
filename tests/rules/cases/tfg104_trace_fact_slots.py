"""TFG104: a slot of an attribute that graph code sets to a value fixed while tracing (a static
shape entry) and that only graph code reads is LOW: each trace sets what it then reads (on TF 2.21,
batches of 2 then 3 rows reshape right, one trace each). The twins stay reported: a slot given a
tensor, and one that code outside the trace reads.
"""
import tensorflow as tf


class Reshaper(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.target = [0, 4, 2]

    @tf.function
    def call(self, x):
        self.target[0] = x.shape[0]  # low: [outer-collection-mutation]
        return tf.reshape(x, self.target)


class KeepsTotal(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.last = [None]

    @tf.function
    def call(self, x):
        self.last[0] = tf.reduce_sum(x)  # [outer-collection-mutation]
        return x


class ReportsBatch(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.seen = [0]

    @tf.function
    def call(self, x):
        self.seen[0] = x.shape[0]  # [outer-collection-mutation]
        return x


def batch_seen(model):
    return model.seen[0]
