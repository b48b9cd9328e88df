"""Fixed twin of jackd_python_random_flip_in_map.py: a TF random op decides per element.

Source: https://jackd.github.io/posts/deterministic-tf-part-2/ (use tf.random / tf.image.random_* ops)
"""
# category: dataset-map
import random
import tensorflow as tf


def augment(image):
    return tf.image.random_flip_left_right(image)


ds = tf.data.Dataset.from_tensor_slices(tf.zeros([4, 8, 8, 3])).map(augment)
