"""Advancing a global seed on every call of a Dataset.map augmentation function.

Source: https://github.com/tensorflow/tensorflow/issues/35090
Hazard: `global seed; seed += 1` runs once while the map function is traced: every element uses
the same seed.
"""
# category: dataset-map
import tensorflow as tf

seed = 0


def augment(image):
    global seed
    seed += 1  # [python-state-mutation]
    return tf.image.stateless_random_flip_left_right(image, seed=[seed, 0])


images = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 4, 4, 3]))
augmented = images.map(augment)
