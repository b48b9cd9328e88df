"""Fixed twin of tf28075_read_file_numpy_in_map.py: keep the bytes a tensor and decode in-graph.

Source: https://github.com/tensorflow/tensorflow/issues/28075 (use TF ops inside Dataset.map)
"""
# category: dataset-map
import tensorflow as tf

paths = ["a.png", "b.png"]
labels = [0, 1]
ds_train = tf.data.Dataset.from_tensor_slices((paths, labels))


def read_file(path, label):
    return tf.io.decode_png(tf.io.read_file(path)), label


ds_train = ds_train.map(read_file)
