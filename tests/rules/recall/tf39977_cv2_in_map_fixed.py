"""Fixed twin of tf39977_cv2_in_map.py: decode and resize with tf.image ops.

Source: https://github.com/tensorflow/tensorflow/issues/39977 (use TF image ops, or tf.numpy_function)
"""
# category: dataset-map
import tensorflow as tf


def load_and_resize(path, bbox):
    image = tf.io.decode_jpeg(tf.io.read_file(path), channels=3)
    image = tf.image.resize(image, (300, 300))
    return tf.cast(image, tf.uint8), bbox


ds = tf.data.Dataset.from_tensor_slices((["x.jpg"], [[0.0, 0.0, 1.0, 1.0]]))
ds = ds.map(load_and_resize).batch(1)
