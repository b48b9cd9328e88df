"""CycleGAN's history pool of fakes, queried from a TF2 tf.function discriminator step.

Source: https://github.com/hardikbansal/CycleGAN/issues/23 (pool logic; the TF1 original ran it
between sess.run calls, this TF2 port calls it from the traced step, as ports commonly do)
Hazard: random.random()/randint and the Python counter run once at trace time: the pool decision
is frozen and the pool never fills.
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
            self.images.append(fake)  # [outer-collection-mutation]
            return fake
        if random.random() > 0.5:  # [python-random-in-graph]
            idx = random.randint(0, self.pool_size - 1)  # [python-random-in-graph]
            old = self.images[idx]
            self.images[idx] = fake  # [outer-collection-mutation]
            return old
        return fake


pool = ImagePool()
discriminator = tf.keras.Sequential([tf.keras.layers.Dense(1)])


@tf.function
def discriminator_step(fake):
    return discriminator(pool.query(fake))
