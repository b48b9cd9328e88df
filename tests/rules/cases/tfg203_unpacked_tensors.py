"""TFG203: unpacking a tensor iterates over it, which raises while tracing whether or not
AutoGraph is on and whatever its static shape (TF 2.21: OperatorNotAllowedInGraphError). The
twins stay silent: unpacking a static shape, a list of tensors, a structure an op returns, a
tf.function's results, and a Python tuple of tensors.
"""
import tensorflow as tf


@tf.function
def logits_of(q_values):
    batch_size, num_actions = tf.shape(q_values)[:2]  # [tensor-used-as-python-value]
    height, width = q_values.shape[:2]  # static dimensions: silent
    first, second = tf.unstack(q_values, num=2)  # a list of tensors: silent
    mean, variance = tf.nn.moments(q_values, axes=[0])  # a tuple of tensors: silent
    low, high = tf.reduce_min(q_values), tf.reduce_max(q_values)  # a Python tuple: silent
    pair = tf.stack([low, high])
    lo, hi = pair  # [tensor-used-as-python-value]
    return batch_size, num_actions, height, width, first, second, mean, variance, lo, hi


@tf.function
def two_outputs(x):
    return x + 1, x - 1


@tf.function
def caller(x):
    up, down = two_outputs(x)  # a tf.function's structure of results: silent
    return up * down


def distorted_crop(image, boxes):
    begin, size, _ = tf.image.sample_distorted_bounding_box(tf.shape(image), boxes)  # a named tuple: silent
    audio, rate = tf.audio.decode_wav(tf.io.read_file("a.wav"))  # a named tuple: silent
    return tf.slice(image, begin, size), audio, rate


dataset = tf.data.Dataset.from_tensors((tf.zeros((8, 8, 3)), tf.zeros((1, 1, 4)))).map(distorted_crop)


@tf.function
def normalized(x, structure):
    unit, norm = tf.linalg.normalize(x)  # a tuple: silent
    shape = tf.shape(x)
    rows, cols = shape  # [tensor-used-as-python-value]
    first, rest = tf.some_future_op(x)  # a TensorFlow function not known to return one tensor: silent
    return unit * norm, rows, cols, first, rest
