"""Reading image bytes with tf.io.read_file(path).numpy() in a Dataset.map function.

Source: https://github.com/tensorflow/tensorflow/issues/28075
Hazard: map functions are traced: .numpy() on the symbolic result raises AttributeError.
"""
# category: dataset-map
import tensorflow as tf

paths = ["a.png", "b.png"]
labels = [0, 1]
ds_train = tf.data.Dataset.from_tensor_slices((paths, labels))


def read_file(path, label):
    return tf.io.read_file(path).numpy(), label  # [eager-only-call-in-graph]


ds_train = ds_train.map(read_file)
