"""TFG202: .numpy() on tensors, variables and unknown values in graph code; what stays silent."""
import numpy as np
import tensorflow as tf

weights = tf.Variable([1.0, 2.0])
table = np.arange(3)
sizes = [1, 2, 3]


@tf.function
def tensor_results(x):
    total = tf.reduce_sum(x).numpy()  # [eager-only-call-in-graph]
    scaled = tf.constant(2.0) * x
    a = scaled.numpy()  # [eager-only-call-in-graph]
    b = weights.numpy()  # [eager-only-call-in-graph]
    c = x.numpy()  # [eager-only-call-in-graph]
    return total + a + b + c


def helper(t):
    return t.numpy()  # [eager-only-call-in-graph]


@tf.function
def calls_helper(x):
    return helper(x)


def parse(record):
    return record.numpy()  # [eager-only-call-in-graph]


dataset = tf.data.Dataset.range(3).map(parse)


class Block(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # [eager-only-call-in-graph]


class Box:
    def __init__(self, value):
        self.value = value

    def numpy(self):
        return self.value


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    def numpy(self):
        return 1.0

    @tf.function
    def __call__(self, x):
        own = self.numpy()  # the class's own method
        return x + own + self.v.numpy()  # [eager-only-call-in-graph]


@tf.function
def not_tensors(x):
    box = Box(x)
    a = box.numpy()  # an instance of the module's own class
    b = table.numpy()  # a NumPy array has no .numpy(): fails eagerly too, not a graph hazard
    c = sizes.numpy()
    return x + a + b + c


@tf.function
def eager_only_branches(x):
    if tf.executing_eagerly():
        x.numpy()
    else:
        x.numpy()  # [eager-only-call-in-graph]
    if not tf.inside_function():
        x.numpy()
    value = x.numpy() if tf.executing_eagerly() else x
    if tf.executing_eagerly() and x is not None:
        x.numpy()
    with tf.init_scope():
        initial = weights.numpy()  # runs eagerly, once
    return value + initial


def to_numpy(t):
    return t.numpy()  # runs as Python inside tf.py_function


@tf.function
def through_py_function(x):
    return tf.py_function(to_numpy, [x], tf.float32)


def eager_code(x):
    return x.numpy()  # not graph code


# A branch the code takes only for values that are not tf.Tensor: symbolic tensors never take it
# (shape of tensorflow/graphics, projects/points_to_3Dobjects/models/centernet_vid.py,
# https://github.com/tensorflow/graphics). LOW: a variable would still take it.
@tf.function
def log_losses(losses, head):
    total = 0.0
    for name in ("a", "b"):
        loss = head(losses[name])
        if not isinstance(loss, tf.Tensor):
            tf.print(loss.numpy())  # low: [eager-only-call-in-graph]
        if isinstance(loss, tf.Tensor):
            total += loss
        else:
            total += loss.numpy()  # low: [eager-only-call-in-graph]
        if isinstance(loss, tf.Tensor):
            tf.print(loss.numpy())  # [eager-only-call-in-graph]
    return total


def smart_resize(x, size):
    """tf_keras' smart_resize (found through the project view, 2026-11-26): the NumPy result is
    only for NumPy input, which graph code's tensors are not. LOW, as in the other such branches."""
    img = tf.image.resize(x, size)
    if isinstance(x, np.ndarray):
        return img.numpy()  # low: [eager-only-call-in-graph]
    if isinstance(x, list):
        return img.numpy()  # [eager-only-call-in-graph]
    return img


@tf.function
def resize_batch(images):
    return smart_resize(images, [8, 8])


def frame_shape(v):
    """keras-hub's video preprocessors: ``hasattr(v, "numpy")`` holds for eager tensors and other
    backends' arrays, never for a symbolic tensor; nor does a type name a TensorFlow tensor's is
    not. LOW there; the twins ask what a symbolic tensor has too."""
    if hasattr(v, "numpy"):
        return v.numpy().shape  # low: [eager-only-call-in-graph]
    if "torch.Tensor" in str(type(v)):
        return v.numpy().shape  # low: [eager-only-call-in-graph]
    if hasattr(v, "shape"):
        return v.numpy().shape  # [eager-only-call-in-graph]
    if "Tensor" in str(type(v)):
        return v.numpy().shape  # [eager-only-call-in-graph]
    return None


@tf.function
def frames(videos):
    return frame_shape(videos)
