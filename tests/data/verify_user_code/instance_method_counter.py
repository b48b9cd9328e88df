"""A plain class's method called from a tf.function counts traces, not calls.

In the shape of user reports of CycleGAN-style image pools and replay buffers: the pool is made
once, and its query() runs only while train_step is traced.
"""
# runtime: differs-from-eager
import tensorflow as tf


class ImagePool:
    def __init__(self):
        self.queries = 0

    def query(self, image):
        self.queries += 1  # [python-state-mutation]
        return image


pool = ImagePool()


@tf.function
def train_step(x):
    return pool.query(x) * 2.0


def main():
    for value in (1.0, 2.0, 3.0):
        train_step(tf.constant(value))
    return pool.queries
