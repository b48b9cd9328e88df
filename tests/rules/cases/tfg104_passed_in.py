"""TFG104: an outer collection passed into a helper that mutates its parameter.

Shape of CycleGAN's image pool (tests/rules/recall/cyclegan23_image_pool_random.py cites the report):
the training step hands the pool's list to a helper that appends to it. Twins stay silent: a
helper given the caller's own per-trace list, a helper called with a mix of outer and local
lists, and a helper only eager code calls.
"""
import tensorflow as tf

history = []


def remember(pool, x):
    pool.append(x)  # [outer-collection-mutation]
    return x


def push(pool, image, size):
    if len(pool) < size:
        pool.append(image)  # [outer-collection-mutation]
    return image


class ImagePool:
    def __init__(self, size):
        self.size = size
        self.images = []

    @tf.function
    def query(self, image):
        return push(self.images, image, self.size)


@tf.function
def train_step(x):
    y = remember(history, x)
    return y * 2


def collect(acc, x):
    acc.append(x)
    return x


@tf.function
def local_accumulator(x):
    acc = []
    collect(acc, x)
    return tf.add_n(acc)


def mixed(acc, x):
    acc.append(x)
    return x


@tf.function
def mixed_callers(x):
    local = []
    mixed(local, x)
    mixed(history, x)
    return x


def eager_only(acc, x):
    acc.append(x)
    return x


eager_only(history, 1.0)
