"""TFG103: the twin of tf1_module_logging.py in a TensorFlow 2 module: its logs are reported.

Using a ``compat.v1`` name (``tf.compat.v1.logging.info``) does not make a module TensorFlow 1
code; only binding ``tf`` to ``tensorflow.compat.v1``, or turning TensorFlow 2 behaviour off, does.
"""
import time

from absl import logging
import tensorflow as tf


def _resize_image(image, image_size, method=None):
    if method is not None:
        tf.compat.v1.logging.info("Resizing {} with method {}".format(image, method))  # [python-side-effect-in-graph]
        return tf.image.resize([image], [image_size, image_size], method)[0]
    logging.info("Scaling %s to %d", image, image_size)  # [python-side-effect-in-graph]
    started = time.time()  # [python-side-effect-in-graph]
    return tf.image.resize([image], [image_size, image_size])[0] + started


def preprocess(image_bytes, image_size, method):
    image = tf.image.decode_jpeg(image_bytes, channels=3)
    return _resize_image(image, image_size, method)


def input_fn(filenames, image_size, method):
    dataset = tf.data.TFRecordDataset(filenames)
    return dataset.map(lambda image_bytes: preprocess(image_bytes, image_size, method))
