"""Fixed twin of cyclegan23_image_pool_random.py: the pool is queried eagerly, outside the step.

Source: https://github.com/hardikbansal/CycleGAN/issues/23 (the pool is Python logic between steps)
"""
# category: python-class
import random

import tensorflow as tf


class ImagePool:
    def __init__(self, pool_size=50):
        self.pool_size = pool_size
        self.images = []

    def query(self, fake):
        if len(self.images) < self.pool_size:
            self.images.append(fake)
            return fake
        if random.random() > 0.5:
            idx = random.randint(0, self.pool_size - 1)
            old, self.images[idx] = self.images[idx], fake
            return old
        return fake


pool = ImagePool()
discriminator = tf.keras.Sequential([tf.keras.layers.Dense(1)])


@tf.function
def discriminator_step(fake):
    return discriminator(fake)


def train(fakes):
    for fake in fakes:
        discriminator_step(pool.query(fake))
