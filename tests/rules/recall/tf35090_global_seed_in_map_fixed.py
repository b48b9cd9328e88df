"""Fixed twin of tf35090_global_seed_in_map.py: the element index provides the seed.

Source: https://github.com/tensorflow/tensorflow/issues/35090 (derive per-element seeds in the pipeline)
"""
# category: dataset-map
import tensorflow as tf


def augment(index, image):
    seed = tf.stack([tf.cast(index, tf.int32), 0])
    return tf.image.stateless_random_flip_left_right(image, seed=seed)


images = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 4, 4, 3]))
augmented = images.enumerate().map(augment)
