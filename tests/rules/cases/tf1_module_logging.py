"""TFG103: logging in graph code of a module written for TensorFlow 1 is LOW (off by default).

The shape of google/automl's efficientnetv2/preprocess_legacy.py and tensorflow/tpu's
models/official/efficientnet/preprocessing.py (review corpus): the module binds ``tf``
to ``tensorflow.compat.v1`` and its input pipeline's map function logs the resize method it
builds with; the log is meant to appear once, when the graph is built. The twin, the same code in
a TensorFlow 2 module, is tf1_module_logging_twin.py. What is not logging stays reported.
"""
import time

from absl import logging
import tensorflow.compat.v1 as tf


def _resize_image(image, image_size, method=None):
    if method is not None:
        tf.logging.info("Resizing {} with method {}".format(image, method))  # low: [python-side-effect-in-graph]
        return tf.image.resize([image], [image_size, image_size], method)[0]
    logging.info("Scaling %s to %d", image, image_size)  # low: [python-side-effect-in-graph]
    started = time.time()  # [python-side-effect-in-graph]
    return tf.image.resize([image], [image_size, image_size])[0] + started


def preprocess(image_bytes, image_size, method):
    image = tf.image.decode_jpeg(image_bytes, channels=3)
    return _resize_image(image, image_size, method)


def input_fn(filenames, image_size, method):
    dataset = tf.data.TFRecordDataset(filenames)
    return dataset.map(lambda image_bytes: preprocess(image_bytes, image_size, method))
