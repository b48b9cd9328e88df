import numpy as np

from speechkit import tf


@tf.function
def normalize(x):
    print("normalizing", x)  # [python-print-in-graph]
    return x / tf.reduce_max(x)


def load_wav(path):
    return tf.io.decode_raw(tf.io.read_file(path), tf.float32)


def make_dataset(paths):
    # The lambda tf.numpy_function is given runs as Python, on NumPy values, eagerly: silent.
    dataset = tf.data.Dataset.from_tensor_slices(paths)
    return dataset.map(lambda path: tf.numpy_function(lambda p: load_wav(p).numpy(), [path], tf.float32))


def scaled(x):
    return np.asarray(x) * 2
