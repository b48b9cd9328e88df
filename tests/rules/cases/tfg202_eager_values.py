"""TFG202, values graph code does not have: NumPy/SciPy on tensors, .eval(), K.eval(), .decode().

Each raises while tracing (tests/data/verify_user_code/keras_metric_numpy.py shows NumPy's on TF). A
value counts as a tensor on evidence only: Python values, NumPy arrays and bytes stay silent.
"""
import numpy as np
import tensorflow as tf
from scipy import special
from tensorflow.keras import backend as K

TABLE = np.arange(4.0)


@tf.function
def statistics(x):
    y = tf.square(x)
    mean = np.mean(y)  # [eager-only-call-in-graph]
    spread = np.std(tf.reduce_sum(x))  # [eager-only-call-in-graph]
    value = y.eval()  # [eager-only-call-in-graph]
    size = K.eval(K.shape(x))  # [eager-only-call-in-graph]
    stored = K.get_value(x)  # [eager-only-call-in-graph]
    entropy = special.entr(y)  # [eager-only-call-in-graph]
    # Silent: NumPy on Python and NumPy values, static shapes and a module constant.
    scale = np.sqrt(2.0) * np.prod(x.shape[1:]) + np.max(TABLE) + np.float32(1.0)
    return mean, spread, value, size, stored, entropy, scale


def decode_path(path, label):
    name = path.decode("utf-8")  # [eager-only-call-in-graph]
    return name, label


paths = tf.data.Dataset.from_tensor_slices((["a.png"], [0])).map(decode_path)


@tf.function
def silent(x, config=b"abc"):
    text = b"bytes".decode()  # bytes, not a tensor
    return x, text, config.decode(), np.asarray([1, 2])


# A branch that only values other than tensors take (shape of NVIDIA DeepLearningExamples'
# ELECTRA get_shape_list: ``np.array(tensor).shape`` only for a NumPy array or a list): there the
# name holds no tensor (tensor evidence), so nothing is reported. The twins: the branch for
# everything else, and a test of another name, stay reported.
def shape_list(tensor, other):
    if isinstance(tensor, np.ndarray) or isinstance(tensor, list):
        return list(np.array(tensor).shape)
    if isinstance(tensor, (tuple, dict)):
        return list(np.shape(tensor))
    if isinstance(other, list):
        return list(np.array(tensor).shape)  # [eager-only-call-in-graph]
    return list(np.array(tensor).shape)  # [eager-only-call-in-graph]


@tf.function
def positions(sequence):
    return shape_list(tf.square(sequence), [1])
