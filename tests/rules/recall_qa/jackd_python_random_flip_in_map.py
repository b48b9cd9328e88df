"""Random flips in a Dataset.map augmentation decided with Python's random module.

Source: https://jackd.github.io/posts/deterministic-tf-part-2/
Hazard: random.random() runs once while the map function is traced: every element gets the same decision.
"""
# category: dataset-map
import random
import tensorflow as tf


def augment(image):
    if random.random() > 0.5:  # [python-random-in-graph]
        image = tf.image.flip_left_right(image)
    return image


ds = tf.data.Dataset.from_tensor_slices(tf.zeros([4, 8, 8, 3])).map(augment)
