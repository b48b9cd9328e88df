"""Loading and resizing images with cv2 on a path tensor inside Dataset.map, with debug prints.

Source: https://github.com/tensorflow/tensorflow/issues/39977
Hazard: the map function is traced: print runs once and shows a symbolic tensor, and
np.array(path) / cv2.imread cannot read a symbolic string.
"""
# category: dataset-map
import cv2
import numpy as np
import tensorflow as tf


def load_and_resize(path, bbox):
    print("dataset->", path)  # [python-print-in-graph]
    name = np.array(path).item().decode("utf-8")  # [eager-only-call-in-graph]
    image = cv2.resize(cv2.imread(name), (300, 300))
    return tf.convert_to_tensor(image, dtype=tf.uint8), bbox


ds = tf.data.Dataset.from_tensor_slices((["x.jpg"], [[0.0, 0.0, 1.0, 1.0]]))
ds = ds.map(load_and_resize).batch(1)
